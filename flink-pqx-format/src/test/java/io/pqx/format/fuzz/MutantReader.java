package io.pqx.format.fuzz;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.TestingRowValues;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.options.ReadOptions;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;

/**
 * Reads a (damaged) file to the end through the reader's public API: every row of every column,
 * each value fetched through Flink's getters ({@link TestingRowValues}), and, separately, the
 * column index, offset index and bloom filter of every column chunk, which are decoded too. Returns
 * the outcome of the part that failed, preferring an unclean failure (so a clean refusal of the
 * rows does not hide an unclean one of the indexes), or "read to the end" when both parts were
 * read. Stateless.
 */
public final class MutantReader {
    private MutantReader() {}

    public static FuzzOutcome read(byte[] bytes, String location, ReadOptions options) {
        FuzzOutcome rows = FuzzOutcome.of(rows(bytes, location, options), location);
        if (!rows.clean()) {
            return rows;
        }
        FuzzOutcome indexes = FuzzOutcome.of(indexes(bytes, location, options), location);
        if (!indexes.clean()) {
            return indexes;
        }
        // both clean: a refusal of the indexes counts as a refusal of the file
        return rows == FuzzOutcome.READ ? indexes : rows;
    }

    private static Throwable rows(byte[] bytes, String location, ReadOptions options) {
        try (ParquetReader reader =
                        ParquetReader.open(new ByteArrayInputFile(location, bytes), options);
                CloseableIterator<RowData> it = reader.rows(reader.schema())) {
            RowType type = reader.schema().rowType();
            while (it.hasNext()) {
                TestingRowValues.of(it.next(), type);
            }
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    private static Throwable indexes(byte[] bytes, String location, ReadOptions options) {
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile(location, bytes), options)) {
            int groups = reader.metadata().rowGroups().size();
            ParquetInspector inspector = ParquetInspector.of(reader);
            for (int g = 0; g < groups; g++) {
                int leaves = reader.metadata().rowGroups().get(g).columns().size();
                for (int leaf = 0; leaf < leaves; leaf++) {
                    inspector.readColumnIndex(g, leaf);
                    inspector.readOffsetIndex(g, leaf);
                    inspector.readBloomFilter(g, leaf);
                }
            }
            return null;
        } catch (Throwable t) {
            return t;
        }
    }
}
