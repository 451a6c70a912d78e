package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
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
 * VARIANT values inside an ARRAY and as MAP values read back through Flink's {@code
 * ArrayData.getVariant} (of {@code getArray(i)} and of {@code getMap(i).valueArray()}), as rows
 * ({@link ParquetReader#rows}) and as columnar batches ({@link ParquetReader#batches}), written
 * unshredded and shredded, with null arrays, maps and elements among them. Values are compared
 * under {@link VariantRoundTripTest}'s equality.
 */
class VariantInCollectionsTest {
    private static final int ROWS = 300;

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("a", DataTypes.ARRAY(DataTypes.VARIANT())),
                                    DataTypes.FIELD(
                                            "m",
                                            DataTypes.MAP(
                                                    DataTypes.STRING().notNull(),
                                                    DataTypes.VARIANT())))
                            .getLogicalType();

    private static final LogicalType SHREDDING =
            DataTypes.ROW(
                            DataTypes.FIELD("id", DataTypes.BIGINT()),
                            DataTypes.FIELD("name", DataTypes.STRING()),
                            DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())))
                    .getLogicalType();

    @TempDir Path dir;

    @Test
    void variantsInArraysAndMapValuesReadBackAsRowsAndBatches() throws Exception {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        TestingJsonDocuments documents = new TestingJsonDocuments(random.nextLong());
        List<RowData> rows = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            BinaryVariant[] elements = random.nextInt(10) == 0 ? null : variants(random, documents);
            BinaryVariant[] values = random.nextInt(10) == 0 ? null : variants(random, documents);
            Map<StringData, BinaryVariant> map = null;
            if (values != null) {
                map = new LinkedHashMap<>();
                for (int k = 0; k < values.length; k++) {
                    map.put(StringData.fromString("k" + k), values[k]);
                }
            }
            RowData row =
                    GenericRowData.of(
                            i,
                            elements == null ? null : new GenericArrayData(elements),
                            map == null ? null : new GenericMapData(map));
            rows.add(row);
            expected.add(canonical(row, 1, 2));
        }
        for (boolean shredded : new boolean[] {false, true}) {
            WriteOptions.Builder options = WriteOptions.builder().rowGroupRows(97).pageRowLimit(13);
            if (shredded) {
                options.variantShredding("a.list.element", SHREDDING);
                options.variantShredding("m.key_value.value", SHREDDING);
            }
            Path file = dir.resolve("collections-" + shredded + ".parquet");
            TestingWriters.write(file, TYPE, options.build(), rows);
            String what = "seed " + seed + ", shredded " + shredded;
            assertThat(readRows(file)).as(what + ", rows").isEqualTo(expected);
            for (int batchSize : new int[] {1, 64}) {
                assertThat(readBatches(file, batchSize))
                        .as(what + ", batches of " + batchSize)
                        .isEqualTo(expected);
            }
        }
    }

    /** Zero to four documents, some of them SQL NULL. */
    private static BinaryVariant[] variants(Random random, TestingJsonDocuments documents)
            throws Exception {
        BinaryVariant[] out = new BinaryVariant[random.nextInt(5)];
        for (int i = 0; i < out.length; i++) {
            out[i] =
                    random.nextInt(8) == 0
                            ? null
                            : BinaryVariantInternalBuilder.parseJson(documents.next(), false);
        }
        return out;
    }

    private static List<String> readRows(Path file) throws Exception {
        List<String> out = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            while (rows.hasNext()) {
                RowData row = rows.next();
                assertThat(row.getInt(0)).isEqualTo(out.size());
                out.add(canonical(row, 1, 2));
            }
        }
        return out;
    }

    private static List<String> readBatches(Path file, int batchSize) throws Exception {
        List<String> out = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                FlinkInputFile.open(
                                        new org.apache.flink.core.fs.Path(file.toUri())),
                                ReadOptions.builder().batchSize(batchSize).build());
                BatchIterator batches = reader.batches(reader.project(List.of("m", "a", "id")))) {
            while (batches.hasNext()) {
                ParquetBatch b = batches.next();
                for (int i = 0; i < b.numRows(); i++) {
                    ColumnarRowData row = new ColumnarRowData(b.columnBatch(), i);
                    assertThat(row.getInt(2)).isEqualTo(out.size());
                    out.add(canonical(row, 1, 0));
                }
            }
        }
        return out;
    }

    /** The canonical forms of the array's elements and the map's entries, in order. */
    private static String canonical(RowData row, int a, int m) {
        StringBuilder sb = new StringBuilder("a ");
        if (row.isNullAt(a)) {
            sb.append("NULL");
        } else {
            sb.append(elements(row.getArray(a)));
        }
        sb.append(" | m ");
        if (row.isNullAt(m)) {
            sb.append("NULL");
        } else {
            MapData map = row.getMap(m);
            ArrayData keys = map.keyArray();
            sb.append('{');
            for (int i = 0; i < map.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(keys.getString(i)).append(": ");
            }
            sb.append(elements(map.valueArray())).append('}');
        }
        return sb.toString();
    }

    private static String elements(ArrayData array) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < array.size(); i++) {
            sb.append(i == 0 ? "" : ", ");
            if (array.isNullAt(i)) {
                sb.append("NULL");
            } else {
                BinaryVariant v = (BinaryVariant) array.getVariant(i);
                sb.append(
                        VariantRoundTripTest.canonical(new Variant(v.getValue(), v.getMetadata())));
            }
        }
        return sb.append(']').toString();
    }
}
