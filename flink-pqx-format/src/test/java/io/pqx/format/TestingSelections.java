package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.prune.RowSelection;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * Reads the rows of a row selection, and the rows a selection should give, for the selection tests
 * here and in e2e-tests.
 */
public final class TestingSelections {

    private TestingSelections() {}

    public static InputFile open(Path file) throws IOException {
        return FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri()));
    }

    /** The selected rows of one row group, read batch by batch. */
    public static List<List<Object>> readSelected(
            ParquetReader reader, int rowGroup, ReadSchema projection, RowSelection selection)
            throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (BatchIterator batches = reader.readRowGroup(rowGroup, projection, selection)) {
            while (batches.hasNext()) {
                VectorizedColumnBatch b = batches.next().columnBatch();
                assertThat(b.getNumRows()).isPositive();
                for (int i = 0; i < b.getNumRows(); i++) {
                    rows.add(TestingRowValues.of(new ColumnarRowData(b, i), projection.rowType()));
                }
            }
        }
        return rows;
    }

    public static List<List<Object>> subset(
            List<List<Object>> rows, long offset, RowSelection selection) {
        List<List<Object>> out = new ArrayList<>();
        for (int r = 0; r < selection.rangeCount(); r++) {
            for (long i = selection.start(r); i < selection.end(r); i++) {
                out.add(rows.get((int) (offset + i)));
            }
        }
        return out;
    }
}
