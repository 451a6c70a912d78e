package io.pqx.format;

import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;

/**
 * A pqx file whose column {@code id} (BIGINT NOT NULL) is each row's number in the file, and {@code
 * name} a nullable string, in row groups of {@link #GROUP_ROWS} rows (the last one shorter) of
 * small pages: a row's position in its row group can be checked from its values.
 */
final class TestingNumberedFile {
    static final int GROUP_ROWS = 1000;

    static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("name", DataTypes.STRING()))
                            .getLogicalType();

    private TestingNumberedFile() {}

    /** Writes {@code rows} numbered rows to {@code file}. */
    static Path write(Path file, int rows) throws IOException {
        List<RowData> values = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            values.add(
                    GenericRowData.of(
                            (long) i, i % 7 == 0 ? null : StringData.fromString("n" + i)));
        }
        TestingWriters.write(
                file,
                TYPE,
                WriteOptions.builder().rowGroupRows(GROUP_ROWS).pageRowLimit(128).build(),
                values);
        return file;
    }

    static InputFile open(Path file) {
        return FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri()));
    }
}
