package io.pqx.bench.lookup;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.RowFilter;
import io.pqx.format.prune.RowSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * The per-key full scan: pqx with pruning off. Each lookup scans every row group of every file with
 * flink-pqx-format's public API ({@link ParquetReader#scanRowGroup} over the whole row group, the
 * key as row filter): the same late-materializing decode as pqx's lookup (the key column first, the
 * other columns only for matching rows) without statistics, bloom-filter or page-index pruning. The
 * readers (and so the footers) stay open between lookups, as pqx's footer cache does. Not
 * thread-safe.
 */
final class FullScanContender implements LookupContender {
    private final List<Path> files;
    private final List<ParquetReader> readers = new ArrayList<>();
    private long rowGroupsScanned;
    private long lookups;

    FullScanContender(List<Path> files) {
        this.files = List.copyOf(files);
    }

    @Override
    public String name() {
        return "scan";
    }

    @Override
    public void open() throws Exception {
        for (Path file : files) {
            readers.add(ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri())));
        }
        rowGroupsScanned = 0;
        lookups = 0;
    }

    @Override
    public Collection<RowData> lookup(long key) throws Exception {
        lookups++;
        List<RowData> found = new ArrayList<>(1);
        for (ParquetReader reader : readers) {
            ReadSchema all = reader.schema();
            RowFilter filter = new KeyEquals(reader.project(List.of("k")), key);
            for (int g = 0; g < reader.metadata().rowGroups().size(); g++) {
                rowGroupsScanned++;
                long rows = reader.metadata().rowGroup(g).numRows();
                try (BatchIterator batches =
                        reader.scanRowGroup(g, all, RowSelection.all(rows), filter)) {
                    while (batches.hasNext()) {
                        ParquetBatch b = batches.next();
                        for (int i = 0; i < b.numRows(); i++) {
                            found.add(copy(b.columnBatch(), i));
                        }
                    }
                }
            }
        }
        return found;
    }

    /** The row {@code i} of a batch of the table's columns, copied out of the reused vectors. */
    private static RowData copy(VectorizedColumnBatch b, int i) {
        return GenericRowData.of(
                b.isNullAt(i, 0) ? null : b.getLong(i, 0),
                b.isNullAt(i, 1) ? null : StringData.fromString(b.getString(i, 1)),
                b.isNullAt(i, 2) ? null : b.getInt(i, 2),
                b.isNullAt(i, 3)
                        ? null
                        : b.getDecimal(
                                i, 3, DimensionTable.PRICE_PRECISION, DimensionTable.PRICE_SCALE));
    }

    @Override
    public String facts() {
        return String.format(
                Locale.ROOT,
                "row_groups_scanned/lookup=%.1f",
                rowGroupsScanned / (double) Math.max(1, lookups));
    }

    @Override
    public void close() throws Exception {
        for (ParquetReader reader : readers) {
            reader.close();
        }
        readers.clear();
    }

    /** Keeps the rows whose key equals one value. */
    private record KeyEquals(ReadSchema columns, long key) implements RowFilter {
        @Override
        public int filter(ParquetBatch batch, boolean[] keep) {
            LongColumnVector keys = (LongColumnVector) batch.column(0);
            int kept = 0;
            for (int i = 0; i < batch.numRows(); i++) {
                keep[i] = !keys.isNullAt(i) && keys.getLong(i) == key;
                if (keep[i]) {
                    kept++;
                }
            }
            return kept;
        }
    }
}
