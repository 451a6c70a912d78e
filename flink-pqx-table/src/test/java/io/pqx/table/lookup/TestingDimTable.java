package io.pqx.table.lookup;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * Test fixture: a dimension table {@code (k BIGINT, k2 INT, name STRING, v DOUBLE)} written with
 * the format's writer, key {@code k} sorted across files, a bloom filter on {@code k}. Row {@code
 * i} has {@code k = 2 * i} (odd keys are missing), except that every row with {@code i % 50 == 1}
 * repeats the previous row's key (two rows for that key); {@code k2 = i % 7}; {@code name} is null
 * for {@code i % 13 == 0}, else {@code "n" + i}; {@code v = i / 2.0}.
 */
public final class TestingDimTable {
    private TestingDimTable() {}

    public static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(),
                        new IntType(),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new DoubleType()
                    },
                    new String[] {"k", "k2", "name", "v"});

    /** One row of the table, as Java values. */
    public record DimRow(long k, int k2, String name, double v) {
        /** As Flink's {@code Row.toString()} shows the row's fields, comma separated. */
        public String fields() {
            return k + ", " + k2 + ", " + (name == null ? "null" : name) + ", " + v;
        }
    }

    public static DimRow row(int i) {
        long k = i % 50 == 1 ? 2L * (i - 1) : 2L * i;
        return new DimRow(k, i % 7, i % 13 == 0 ? null : "n" + i, i / 2.0);
    }

    /**
     * Rows [0, rows) into {@code files} files under {@code dir}, row groups of {@code
     * rowGroupRows}.
     */
    public static List<DimRow> write(Path dir, int rows, int files, int rowGroupRows)
            throws IOException {
        Files.createDirectories(dir);
        List<DimRow> all = new ArrayList<>();
        int perFile = (rows + files - 1) / files;
        for (int f = 0; f < files; f++) {
            int from = f * perFile;
            int to = Math.min(rows, from + perFile);
            List<DimRow> part = new ArrayList<>();
            for (int i = from; i < to; i++) {
                part.add(row(i));
            }
            writeFile(dir.resolve(String.format("part-%03d.parquet", f)), part, rowGroupRows);
            all.addAll(part);
        }
        return all;
    }

    public static void writeFile(Path file, List<DimRow> rows, int rowGroupRows)
            throws IOException {
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(rowGroupRows)
                        .bloomFilter("k", new BloomFilterSpec(Math.max(1, rows.size()), 0.01))
                        .build();
        try (ParquetWriter w =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (DimRow r : rows) {
                w.write(
                        GenericRowData.of(
                                r.k(),
                                r.k2(),
                                r.name() == null ? null : StringData.fromString(r.name()),
                                r.v()));
            }
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** Rows of the table's type as {@link DimRow#fields()} shows them. */
    public static List<String> fieldsOf(Collection<RowData> rows) {
        List<String> out = new ArrayList<>();
        for (RowData r : rows) {
            out.add(
                    r.getLong(0)
                            + ", "
                            + r.getInt(1)
                            + ", "
                            + (r.isNullAt(2) ? "null" : r.getString(2).toString())
                            + ", "
                            + r.getDouble(3));
        }
        return out;
    }

    /** The rows with these key values (a null part matches nothing). */
    public static List<DimRow> matching(List<DimRow> rows, Long k, Integer k2) {
        List<DimRow> out = new ArrayList<>();
        for (DimRow r : rows) {
            if (k != null && r.k() == k && (k2 == null || r.k2() == k2)) {
                out.add(r);
            }
        }
        return out;
    }
}
