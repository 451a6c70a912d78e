package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntPredicate;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.flink.util.CloseableIterator;
import org.apache.parquet.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pqx reads back the VARIANT values pqx wrote: seeded random JSON documents ({@link
 * TestingJsonDocuments}) parsed by Flink's {@code BinaryVariantInternalBuilder.parseJson}, and SQL
 * NULLs of the column, at the top level, in a ROW and as the elements of an ARRAY (read with the
 * array's {@code getVariant}), written unshredded and with shredding types that match the
 * documents' common fields, match them partly (some fields of another type, integers too wide for
 * an INT), match nothing, shred a nested ROW, an ARRAY of ROWs and a scalar; in row groups of 97
 * rows and pages of at most 13, so values cross row group and page boundaries. Each file is read as
 * rows ({@link ParquetReader#rows}), as columnar batches of several sizes ({@link
 * ParquetReader#batches}) and by filtered scans on the {@code id} column ({@link
 * ParquetReader#scanRowGroup}, late-materialized and not), which must all give the value written.
 *
 * <p><b>Equal.</b> Two variants are equal when they are the same value under the Parquet Variant
 * encoding: objects have the same keys (compared as a set, since the encoding orders an object's
 * fields by key whatever order the JSON text had) with equal values, arrays the same elements in
 * order, and primitives the same type and value, except that the exact numerics (int8, int16,
 * int32, int64, decimal4, decimal8, decimal16) are one class compared by numeric value, so an int8
 * read back as an int64, or a decimal 1.50 as decimal 1.5, is the same value: a shredding column
 * stores an exact numeric in whatever exact type of the class holds it. Strings are compared by
 * their characters (short and long string encodings alike); float and double are distinct types.
 *
 * <p>Run with {@code -Dpqx.seed=<seed>} to repeat a run; the seed is printed.
 */
class VariantRoundTripTest {
    private static final long SEED = Long.getLong("pqx.seed", new Random().nextLong());
    private static final int ROWS = 600;

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()),
                                    DataTypes.FIELD(
                                            "r",
                                            DataTypes.ROW(
                                                    DataTypes.FIELD("w", DataTypes.VARIANT()))),
                                    DataTypes.FIELD("a", DataTypes.ARRAY(DataTypes.VARIANT())))
                            .getLogicalType();

    @TempDir Path dir;

    /** The shredding types tried, by name; null: unshredded. */
    private static Map<String, LogicalType> shreddings() {
        Map<String, LogicalType> s = new LinkedHashMap<>();
        s.put("unshredded", null);
        s.put(
                "matching",
                DataTypes.ROW(
                                DataTypes.FIELD("id", DataTypes.BIGINT()),
                                DataTypes.FIELD("name", DataTypes.STRING()),
                                DataTypes.FIELD("price", DataTypes.DECIMAL(38, 10)),
                                DataTypes.FIELD("ratio", DataTypes.DOUBLE()),
                                DataTypes.FIELD("flag", DataTypes.BOOLEAN()),
                                DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
                                DataTypes.FIELD(
                                        "address",
                                        DataTypes.ROW(
                                                DataTypes.FIELD("city", DataTypes.STRING()),
                                                DataTypes.FIELD("zip", DataTypes.BIGINT()))),
                                DataTypes.FIELD("items", DataTypes.ARRAY(item(DataTypes.BIGINT()))))
                        .getLogicalType());
        s.put(
                "partly",
                DataTypes.ROW(
                                DataTypes.FIELD("id", DataTypes.INT()),
                                DataTypes.FIELD("name", DataTypes.BIGINT()),
                                DataTypes.FIELD("price", DataTypes.DECIMAL(9, 2)),
                                DataTypes.FIELD("ratio", DataTypes.FLOAT()),
                                DataTypes.FIELD("flag", DataTypes.STRING()),
                                DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.TINYINT())),
                                DataTypes.FIELD("address", DataTypes.STRING()),
                                DataTypes.FIELD("extra1", DataTypes.SMALLINT()))
                        .getLogicalType());
        s.put(
                "nothing",
                DataTypes.ROW(
                                DataTypes.FIELD("absent", DataTypes.DOUBLE()),
                                DataTypes.FIELD(
                                        "gone",
                                        DataTypes.ROW(DataTypes.FIELD("x", DataTypes.DATE()))))
                        .getLogicalType());
        s.put(
                "nested",
                DataTypes.ROW(
                                DataTypes.FIELD(
                                        "address",
                                        DataTypes.ROW(
                                                DataTypes.FIELD("city", DataTypes.STRING()),
                                                DataTypes.FIELD("zip", DataTypes.INT()))),
                                DataTypes.FIELD(
                                        "items", DataTypes.ARRAY(item(DataTypes.SMALLINT()))))
                        .getLogicalType());
        s.put("array", DataTypes.ARRAY(item(DataTypes.BIGINT())).getLogicalType());
        s.put("scalar", DataTypes.BIGINT().getLogicalType());
        return s;
    }

    private static org.apache.flink.table.types.DataType item(
            org.apache.flink.table.types.DataType qty) {
        return DataTypes.ROW(
                DataTypes.FIELD("sku", DataTypes.STRING()), DataTypes.FIELD("qty", qty));
    }

    @Test
    void everyShreddingReadsBackTheValuesWrittenOnEveryReadPath() throws Exception {
        System.out.println("VariantRoundTripTest seed " + SEED + " (repeat with -Dpqx.seed=)");
        roundTrip(SEED);
    }

    private void roundTrip(long seed) throws Exception {
        Random random = new Random(seed);
        TestingJsonDocuments documents = new TestingJsonDocuments(random.nextLong());
        List<RowData> rows = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            List<String> json = new ArrayList<>();
            BinaryVariant v = document(random, documents, json);
            BinaryVariant w = document(random, documents, json);
            GenericRowData r = random.nextInt(15) == 0 ? null : GenericRowData.of(w);
            GenericArrayData a = null;
            if (random.nextInt(15) != 0) {
                Object[] elements = new Object[random.nextInt(4)];
                for (int e = 0; e < elements.length; e++) {
                    elements[e] = document(random, documents, json);
                }
                a = new GenericArrayData(elements);
            }
            RowData row = GenericRowData.of(i, v, r, a);
            rows.add(row);
            expected.add(canonical(row, TYPE));
            texts.add(String.join(" | ", json));
        }
        for (Map.Entry<String, LogicalType> shredding : shreddings().entrySet()) {
            WriteOptions.Builder options =
                    WriteOptions.builder()
                            .rowGroupRows(97)
                            .pageRowLimit(13)
                            .pageVersion(random.nextBoolean() ? PageVersion.V1 : PageVersion.V2)
                            .dictionaryEnabled(random.nextBoolean());
            if (shredding.getValue() != null) {
                options.variantShredding("v", shredding.getValue());
                options.variantShredding("r.w", shredding.getValue());
                options.variantShredding("a.list.element", shredding.getValue());
            }
            Path file = dir.resolve(shredding.getKey() + "-" + seed + ".parquet");
            FileMetadataView footer = TestingWriters.write(file, TYPE, options.build(), rows);
            assertThat(footer.rowGroups().size()).isGreaterThan(5);
            if (shredding.getKey().equals("matching")) {
                // the documents' common fields do reach their typed columns
                var name =
                        footer.rowGroup(0).column("v.typed_value.name.typed_value").orElseThrow();
                assertThat(name.statistics().nullCount().getAsLong()).isLessThan(name.numValues());
            }
            String what = "seed " + seed + ", shredding " + shredding.getKey();

            compare(what + ", rows", readRows(file), expected, texts);
            int batchSize = new int[] {1, 7, 64, 2048}[random.nextInt(4)];
            compare(
                    what + ", batches of " + batchSize,
                    readBatches(file, batchSize),
                    expected,
                    texts);
            for (boolean late : new boolean[] {true, false}) {
                IntPredicate keep = keeping(random);
                Map<Integer, String> scanned = scan(file, late, keep, random.nextInt(3) * 30 + 1);
                Map<Integer, String> want = new LinkedHashMap<>();
                for (int i = 0; i < ROWS; i++) {
                    if (keep.test(i)) {
                        want.put(i, expected.get(i));
                    }
                }
                assertThat(scanned)
                        .as(what + ", filtered scan, late materialization " + late)
                        .containsExactlyEntriesOf(want);
            }
        }
    }

    /**
     * A document or (sometimes) a SQL NULL; its JSON text, or "SQL NULL", added to {@code json}.
     */
    private static BinaryVariant document(
            Random random, TestingJsonDocuments documents, List<String> json) throws IOException {
        if (random.nextInt(15) == 0) {
            json.add("SQL NULL");
            return null;
        }
        String text = documents.next();
        json.add(text);
        return BinaryVariantInternalBuilder.parseJson(text, false);
    }

    private static void compare(
            String what, List<String> actual, List<String> expected, List<String> texts) {
        assertThat(actual).as(what + ": row count").hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i))
                    .as(what + ": row " + i + " written from " + texts.get(i))
                    .isEqualTo(expected.get(i));
        }
    }

    private static List<String> readRows(Path file) throws Exception {
        List<String> out = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            while (rows.hasNext()) {
                RowData row = rows.next();
                assertThat(row.getInt(0)).isEqualTo(out.size());
                out.add(canonical(row, reader.schema().rowType()));
            }
        }
        return out;
    }

    private static List<String> readBatches(Path file, int batchSize) throws IOException {
        List<String> out = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                FlinkInputFile.open(
                                        new org.apache.flink.core.fs.Path(file.toUri())),
                                ReadOptions.builder().batchSize(batchSize).build());
                BatchIterator batches =
                        reader.batches(reader.project(List.of("v", "r", "a", "id")))) {
            RowType type = reader.project(List.of("v", "r", "a", "id")).rowType();
            while (batches.hasNext()) {
                ParquetBatch b = batches.next();
                for (int i = 0; i < b.numRows(); i++) {
                    ColumnarRowData row = new ColumnarRowData(b.columnBatch(), i);
                    assertThat(row.getInt(3)).isEqualTo(out.size());
                    out.add(canonical(row, type));
                }
            }
        }
        return out;
    }

    /**
     * Which ids a filter keeps: most rows, a sparse few (so late materialization skips whole pages
     * of the variant's columns), or one run of rows.
     */
    private static IntPredicate keeping(Random random) {
        long salt = random.nextLong();
        int from = random.nextInt(ROWS);
        int to = from + 1 + random.nextInt(60);
        switch (random.nextInt(3)) {
            case 0:
                return id -> Math.floorMod(Long.hashCode(id * 0x9E3779B97F4A7C15L ^ salt), 3) != 0;
            case 1:
                return id -> Math.floorMod(Long.hashCode(id * 0x9E3779B97F4A7C15L ^ salt), 25) == 0;
            default:
                return id -> id >= from && id < to;
        }
    }

    /** The variants of the rows a filter on {@code id} keeps, by id, read row group by group. */
    private static Map<Integer, String> scan(
            Path file, boolean late, IntPredicate keep, int batchSize) throws IOException {
        Map<Integer, String> out = new LinkedHashMap<>();
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.builder()
                                .batchSize(batchSize)
                                .lateMaterialization(late)
                                .build())) {
            ReadSchema ids = reader.project(List.of("id"));
            RowFilter filter =
                    new RowFilter() {
                        @Override
                        public ReadSchema columns() {
                            return ids;
                        }

                        @Override
                        public int filter(ParquetBatch batch, boolean[] out) {
                            int kept = 0;
                            for (int i = 0; i < batch.numRows(); i++) {
                                out[i] = keep.test(id(batch, i));
                                kept += out[i] ? 1 : 0;
                            }
                            return kept;
                        }
                    };
            ReadSchema projection = reader.project(List.of("id", "a", "r", "v"));
            for (int g = 0; g < reader.metadata().rowGroups().size(); g++) {
                long n = reader.metadata().rowGroup(g).numRows();
                try (BatchIterator batches =
                        reader.scanRowGroup(g, projection, RowSelection.all(n), filter)) {
                    while (batches.hasNext()) {
                        ParquetBatch b = batches.next();
                        for (int i = 0; i < b.numRows(); i++) {
                            ColumnarRowData row = new ColumnarRowData(b.columnBatch(), i);
                            out.put(row.getInt(0), canonical(row, projection.rowType()));
                        }
                    }
                }
            }
        }
        return out;
    }

    private static int id(ParquetBatch batch, int i) {
        return new ColumnarRowData(batch.columnBatch(), i).getInt(0);
    }

    /**
     * The canonical forms of the variant columns v, r.w and a's elements of a row of {@code type}.
     */
    private static String canonical(RowData row, RowType type) {
        int v = type.getFieldIndex("v");
        int r = type.getFieldIndex("r");
        int a = type.getFieldIndex("a");
        return "v "
                + canonical(row, v)
                + " | r "
                + (row.isNullAt(r) ? "NULL" : canonical(row.getRow(r, 1), 0))
                + " | a "
                + (row.isNullAt(a) ? "NULL" : canonical(row.getArray(a)));
    }

    private static String canonical(ArrayData array) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < array.size(); i++) {
            sb.append(i == 0 ? "" : ", ")
                    .append(
                            array.isNullAt(i)
                                    ? "NULL"
                                    : canonical((BinaryVariant) array.getVariant(i)));
        }
        return sb.append(']').toString();
    }

    private static String canonical(RowData row, int pos) {
        return row.isNullAt(pos) ? "NULL" : canonical((BinaryVariant) row.getVariant(pos));
    }

    private static String canonical(BinaryVariant v) {
        return canonical(new Variant(v.getValue(), v.getMetadata()));
    }

    /**
     * The canonical form of a variant under the equality of the class Javadoc: {@link
     * TestingVariants}'s rendering (objects in key order) with every exact numeric as {@code exact}
     * and its value without trailing zeros.
     */
    static String canonical(Variant v) {
        switch (v.getType()) {
            case OBJECT:
                StringBuilder o = new StringBuilder("{");
                for (int i = 0; i < v.numObjectElements(); i++) {
                    Variant.ObjectField f = v.getFieldAtIndex(i);
                    o.append(i == 0 ? "" : ", ")
                            .append(TestingJsonDocuments.quote(f.key))
                            .append(": ")
                            .append(canonical(f.value));
                }
                return o.append('}').toString();
            case ARRAY:
                StringBuilder a = new StringBuilder("[");
                for (int i = 0; i < v.numArrayElements(); i++) {
                    a.append(i == 0 ? "" : ", ").append(canonical(v.getElementAtIndex(i)));
                }
                return a.append(']').toString();
            case BYTE:
                return exact(BigDecimal.valueOf(v.getByte()));
            case SHORT:
                return exact(BigDecimal.valueOf(v.getShort()));
            case INT:
                return exact(BigDecimal.valueOf(v.getInt()));
            case LONG:
                return exact(BigDecimal.valueOf(v.getLong()));
            case DECIMAL4:
            case DECIMAL8:
            case DECIMAL16:
                return exact(v.getDecimal());
            case STRING:
                return "string " + TestingJsonDocuments.quote(v.getString());
            default:
                return TestingVariants.render(v);
        }
    }

    private static String exact(BigDecimal d) {
        return "exact " + d.stripTrailingZeros().toPlainString();
    }
}
