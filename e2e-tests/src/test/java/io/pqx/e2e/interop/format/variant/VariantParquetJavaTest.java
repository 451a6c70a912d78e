package io.pqx.e2e.interop.format.variant;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.e2e.interop.variant.TestingParquetJavaVariants;
import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.flink.types.variant.Variant;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * parquet-java's own Variant read path reads back what pqx writes, unshredded and shredded (every
 * row of several value shapes: matching, partly matching and not matching the shredding type,
 * nested objects and arrays, nulls at every level), with values equal to those written.
 */
class VariantParquetJavaTest {
    static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()),
                                    DataTypes.FIELD("n", DataTypes.VARIANT()),
                                    DataTypes.FIELD("a", DataTypes.VARIANT()))
                            .getLogicalType();

    /** The object shredding of column v. */
    static final LogicalType EVENT =
            DataTypes.ROW(
                            DataTypes.FIELD("user_id", DataTypes.BIGINT()),
                            DataTypes.FIELD("event", DataTypes.STRING()),
                            DataTypes.FIELD("ts", DataTypes.TIMESTAMP(6)),
                            DataTypes.FIELD("price", DataTypes.DECIMAL(10, 2)),
                            DataTypes.FIELD("ok", DataTypes.BOOLEAN()),
                            DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
                            DataTypes.FIELD(
                                    "loc",
                                    DataTypes.ROW(
                                            DataTypes.FIELD("lat", DataTypes.DOUBLE()),
                                            DataTypes.FIELD("lon", DataTypes.DOUBLE()))))
                    .getLogicalType();

    /** Every column shredded: v as an object, n as a BIGINT, a as an ARRAY of INT. */
    static final WriteOptions SHREDDED =
            WriteOptions.builder()
                    .variantShredding("v", EVENT)
                    .variantShredding("n", DataTypes.BIGINT().getLogicalType())
                    .variantShredding("a", DataTypes.ARRAY(DataTypes.INT()).getLogicalType())
                    .pageRowLimit(7)
                    .build();

    @TempDir Path dir;

    static BinaryVariant json(String json) {
        try {
            return BinaryVariantInternalBuilder.parseJson(json, false);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The values of column v: objects that match, match partly or not at all, and non-objects. */
    static final List<String> EVENTS =
            List.of(
                    "{\"user_id\":7,\"event\":\"login\",\"price\":12.50,\"ok\":true,"
                            + "\"tags\":[\"a\",\"b\"],\"loc\":{\"lat\":1.5,\"lon\":-2.25}}",
                    "{\"user_id\":900000000000,\"event\":\"noop\",\"email\":\"a@b\","
                            + "\"loc\":{\"lat\":0.5,\"alt\":30}}",
                    "{\"user_id\":\"seven\",\"event\":null,\"tags\":[\"x\",null,3],"
                            + "\"loc\":\"somewhere\"}",
                    "{\"error\":\"malformed\",\"price\":1.234,\"tags\":\"not a list\"}",
                    "{}",
                    "\"not an object\"",
                    "[1,2,3]",
                    "null",
                    "42",
                    "{\"tags\":[],\"loc\":{},\"user_id\":-1,\"deep\":{\"a\":[{\"b\":null}]}}");

    static final List<String> NUMBERS = List.of("1", "-200", "70000", "1.5", "\"x\"", "null");

    static final List<String> ARRAYS = List.of("[1,2]", "[]", "[\"s\",null,[1]]", "{\"a\":1}");

    static List<RowData> rows() {
        List<RowData> rows = new ArrayList<>();
        int id = 0;
        for (String e : EVENTS) {
            for (int k = 0; k < NUMBERS.size(); k++) {
                String n = NUMBERS.get(k);
                String a = ARRAYS.get((id + k) % ARRAYS.size());
                rows.add(GenericRowData.of(id++, json(e), json(n), json(a)));
            }
        }
        // SQL NULLs in every column, and a value with a real timestamp
        rows.add(GenericRowData.of(id++, null, null, null));
        Variant ts =
                Variant.newBuilder()
                        .object()
                        .add(
                                "ts",
                                Variant.newBuilder()
                                        .of(LocalDateTime.of(2024, 10, 24, 12, 0, 1, 5000)))
                        .add("event", Variant.newBuilder().of("clock"))
                        .build();
        rows.add(GenericRowData.of(id, ts, json("1"), json("[]")));
        return rows;
    }

    static Path write(Path dir, String name, WriteOptions options, List<RowData> rows)
            throws IOException {
        Path file = dir.resolve(name);
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
        return file;
    }

    /** A Variant read by parquet-java as Flink's Variant, whose JSON text compares values. */
    private static String text(org.apache.parquet.variant.Variant v) {
        return v == null
                ? null
                : new BinaryVariant(bytes(v.getValueBuffer()), bytes(v.getMetadataBuffer()))
                        .toJson();
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    private static void assertReadBackEqual(Path file, List<RowData> written) throws IOException {
        List<TestingParquetJavaVariants.Row> read = TestingParquetJavaVariants.read(file);
        assertThat(read).hasSize(written.size());
        for (int i = 0; i < written.size(); i++) {
            RowData w = written.get(i);
            TestingParquetJavaVariants.Row r = read.get(i);
            assertThat(r.id()).isEqualTo(w.getInt(0));
            for (int c = 0; c < 3; c++) {
                String expected = w.isNullAt(c + 1) ? null : w.getVariant(c + 1).toJson();
                assertThat(text(r.variants().get(c)))
                        .as("row %d column %d", i, c + 1)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void parquetJavaReadsUnshreddedVariantsByteForByte() throws IOException {
        List<RowData> rows = rows();
        Path file = write(dir, "plain.parquet", WriteOptions.defaults(), rows);
        assertReadBackEqual(file, rows);
        List<TestingParquetJavaVariants.Row> read = TestingParquetJavaVariants.read(file);
        BinaryVariant first = (BinaryVariant) rows.get(0).getVariant(1);
        assertThat(bytes(read.get(0).variants().get(0).getValueBuffer()))
                .isEqualTo(first.getValue());
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            assertThat(reader.getFileMetaData().getSchema().getType("v").getLogicalTypeAnnotation())
                    .isEqualTo(LogicalTypeAnnotation.variantType((byte) 1));
        }
    }

    @Test
    void parquetJavaRebuildsShreddedVariantsEqualToThoseWritten() throws IOException {
        List<RowData> rows = rows();
        Path file = write(dir, "shredded.parquet", SHREDDED, rows);
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            assertThat(
                            reader.getFileMetaData()
                                    .getSchema()
                                    .getType("v")
                                    .asGroupType()
                                    .getType("typed_value")
                                    .asGroupType()
                                    .getFieldCount())
                    .isEqualTo(7);
        }
        assertReadBackEqual(file, rows);
    }
}
