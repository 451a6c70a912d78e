package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.Compression;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.FlinkToParquetSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.flink.types.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files with VARIANT columns, checked through the footer the writer returns: the annotated schema,
 * the recorded Flink type, and the statistics of typed columns. Their values are read back by
 * parquet-java in e2e-tests.
 */
class ParquetWriterVariantTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()))
                            .getLogicalType();

    @TempDir Path dir;

    static BinaryVariant json(String json) {
        try {
            return BinaryVariantInternalBuilder.parseJson(json, false);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<RowData> rows(int n) {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Object v =
                    i % 10 == 9
                            ? null
                            : i % 10 == 8
                                    ? json("\"not an object\"")
                                    : json(
                                            "{\"user_id\":"
                                                    + (1000 + i)
                                                    + ",\"event\":\"e"
                                                    + (i % 3)
                                                    + "\",\"extra\":"
                                                    + i
                                                    + "}");
            rows.add(GenericRowData.of(i, v));
        }
        return rows;
    }

    @Test
    void unshreddedValuesGoToMetadataAndValueWithTheSqlNullsOfTheGroup() throws IOException {
        FileMetadataView footer =
                TestingWriters.write(
                        dir.resolve("u.parquet"), TYPE, WriteOptions.defaults(), rows(100));
        assertThat(footer.schema().text()).contains("optional group v (VARIANT(1))");
        assertThat(footer.keyValueMetadata().get(WriteOptions.FLINK_SCHEMA_KEY))
                .isEqualTo(FlinkToParquetSchema.declaredTypeText(TYPE))
                .contains("VARIANT");
        ColumnChunkView value = footer.rowGroup(0).column("v.value").orElseThrow();
        assertThat(value.statistics().nullCount().getAsLong()).isEqualTo(10);
        assertThat(footer.rowGroup(0).column("v.metadata").orElseThrow().numValues())
                .isEqualTo(100);
    }

    @Test
    void shreddedFieldsGetTypedColumnsWithStatisticsAndPageIndexes() throws IOException {
        WriteOptions options =
                WriteOptions.builder()
                        .variantShredding(
                                "v",
                                DataTypes.ROW(
                                                DataTypes.FIELD("user_id", DataTypes.BIGINT()),
                                                DataTypes.FIELD("event", DataTypes.STRING()),
                                                DataTypes.FIELD("absent", DataTypes.DOUBLE()))
                                        .getLogicalType())
                        .build();
        FileMetadataView footer =
                TestingWriters.write(dir.resolve("s.parquet"), TYPE, options, rows(100));
        RowGroupView group = footer.rowGroup(0);
        ColumnChunkView userId = group.column("v.typed_value.user_id.typed_value").orElseThrow();
        assertThat(userId.statistics().min()).isEqualTo(1000L);
        assertThat(userId.statistics().max()).isEqualTo(1097L);
        // 10 SQL NULLs and 10 non-objects have no user_id
        assertThat(userId.statistics().nullCount().getAsLong()).isEqualTo(20);
        assertThat(userId.hasColumnIndex()).isTrue();
        assertThat(
                        group.column("v.typed_value.event.typed_value")
                                .orElseThrow()
                                .statistics()
                                .maxText())
                .isEqualTo("e2");
        // every user_id matched: its value column is all null, so the typed statistics hold
        assertThat(
                        group.column("v.typed_value.user_id.value")
                                .orElseThrow()
                                .statistics()
                                .nullCount()
                                .getAsLong())
                .isEqualTo(100);
        // the residual objects ({"extra": i}) and the 10 strings are in v.value; 10 SQL NULLs not
        assertThat(group.column("v.value").orElseThrow().statistics().nullCount().getAsLong())
                .isEqualTo(10);
        assertThat(
                        group.column("v.typed_value.absent.typed_value")
                                .orElseThrow()
                                .statistics()
                                .nullCount()
                                .getAsLong())
                .isEqualTo(100);
    }

    @Test
    void aShreddingOptionNamingNoVariantColumnFailsWhenTheWriterOpens() {
        WriteOptions options =
                WriteOptions.builder()
                        .variantShredding("id", DataTypes.INT().getLogicalType())
                        .build();
        assertThatThrownBy(
                        () ->
                                TestingWriters.write(
                                        dir.resolve("x.parquet"), TYPE, options, rows(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Cannot shred VARIANT column id");
    }

    @Test
    void aVariantInsideAnArrayIsWrittenPerElement() throws IOException {
        RowType type =
                (RowType)
                        DataTypes.ROW(DataTypes.FIELD("a", DataTypes.ARRAY(DataTypes.VARIANT())))
                                .getLogicalType();
        List<RowData> rows =
                List.of(
                        GenericRowData.of(
                                new GenericArrayData(new Object[] {json("1"), null, json("[2]")})),
                        GenericRowData.of((Object) null));
        FileMetadataView footer =
                TestingWriters.write(dir.resolve("a.parquet"), type, WriteOptions.defaults(), rows);
        ColumnChunkView value = footer.rowGroup(0).column("a.list.element.value").orElseThrow();
        assertThat(value.numValues()).isEqualTo(4);
        assertThat(value.statistics().nullCount().getAsLong()).isEqualTo(2);
    }

    @Test
    void variantBytesCountInRawSizesAndCutRowGroupsByBytes() throws IOException {
        String big = "\"" + "x".repeat(4000) + "\"";
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(GenericRowData.of(i, json("{\"user_id\":" + i + ",\"blob\":" + big + "}")));
        }
        ShreddedRows held = ShreddedRows.of(TYPE, "memory");
        ShreddedRows heldShredded =
                ShreddedRows.of(
                        TYPE,
                        Map.of(
                                "v",
                                DataTypes.ROW(DataTypes.FIELD("user_id", DataTypes.BIGINT()))
                                        .getLogicalType()),
                        "memory");
        for (int i = 0; i < rows.size(); i++) {
            held.append(rows.get(i), i);
            heldShredded.append(rows.get(i), i);
        }
        assertThat(held.rawBytes()).isGreaterThan(200L * 4000);
        assertThat(heldShredded.rawBytes()).isGreaterThan(200L * 4000);

        // incompressible blobs: a 256 KiB byte target cuts about every 60 rows
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupBytes(256 << 10)
                        .codec(Compression.UNCOMPRESSED)
                        .build();
        List<RowData> random = new ArrayList<>();
        Random r = new Random(7);
        for (int i = 0; i < 200; i++) {
            byte[] blob = new byte[4000];
            r.nextBytes(blob);
            random.add(
                    GenericRowData.of(
                            i,
                            Variant.newBuilder()
                                    .object()
                                    .add("blob", Variant.newBuilder().of(blob))
                                    .build()));
        }
        FileMetadataView footer =
                TestingWriters.write(dir.resolve("bytes.parquet"), TYPE, options, random);
        assertThat(footer.rowGroups().size()).isGreaterThan(1);
        assertThat(footer.numRows()).isEqualTo(200);
    }
}
