package io.pqx.format.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.ReadSchema;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.index.PhysicalType;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.SortingColumnSpec;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The public views of a file pqx wrote, as {@link ParquetWriter#finish()} and {@link ParquetReader}
 * hand them out: what they say must be what was written.
 */
class MetadataViewsTest {

    static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("name", DataTypes.STRING()),
                                    DataTypes.FIELD("price", DataTypes.DECIMAL(9, 2)),
                                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())))
                            .getLogicalType();

    static final int ROWS = 250;

    static byte[] file;
    static FileMetadataView written;

    @BeforeAll
    static void write() throws Exception {
        WriteOptions options =
                WriteOptions.builder()
                        .codec(Compression.ZSTD)
                        .rowGroupRows(100)
                        .bloomFilter("name", new BloomFilterSpec(300, 0.01))
                        .sortingColumn(new SortingColumnSpec("id", false, true))
                        .keyValue("origin", "test")
                        .build();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .open(new PositionOutputStream(bytes), "views.parquet")) {
            for (int i = 0; i < ROWS; i++) {
                writer.write(
                        GenericRowData.of(
                                (long) i,
                                i % 10 == 3 ? null : StringData.fromString("name-" + i),
                                DecimalData.fromBigDecimal(BigDecimal.valueOf(i * 25L, 2), 9, 2),
                                new GenericArrayData(
                                        new Object[] {StringData.fromString("t" + (i % 3))})));
            }
            written = writer.finish();
        }
        file = bytes.toByteArray();
    }

    static ParquetReader open() throws Exception {
        return ParquetReader.open(
                new ByteArrayInputFile("views.parquet", file), ReadOptions.defaults());
    }

    @Test
    void finishReturnsWhatTheReaderReads() throws Exception {
        try (ParquetReader reader = open()) {
            assertThat(reader.metadata()).isEqualTo(written);
        }
        assertThat(
                        ParquetInspector.read(
                                        new ByteArrayInputFile("views.parquet", file),
                                        ReadOptions.defaults())
                                .metadata())
                .isEqualTo(written);
    }

    @Test
    void fileFacts() {
        assertThat(written.location()).isEqualTo("views.parquet");
        assertThat(written.fileLength()).isEqualTo(file.length);
        assertThat(written.numRows()).isEqualTo(ROWS);
        assertThat(written.createdBy()).contains(WriteOptions.DEFAULT_CREATED_BY);
        assertThat(written.keyValueMetadata())
                .containsEntry("origin", "test")
                .containsKey("pqx.flink.schema");
        // the footer's length is stored in the 4 bytes before the tail magic
        int stored =
                (file[file.length - 8] & 0xff)
                        | (file[file.length - 7] & 0xff) << 8
                        | (file[file.length - 6] & 0xff) << 16
                        | (file[file.length - 5] & 0xff) << 24;
        assertThat(written.footerLength()).isEqualTo(stored);
        assertThat(written.footerOffset() + written.footerLength() + 8).isEqualTo(file.length);
        assertThatThrownBy(() -> written.keyValueMetadata().put("x", "y"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void rowGroupsAndSortingColumns() {
        assertThat(written.rowGroups())
                .extracting(RowGroupView::numRows)
                .containsExactly(100L, 100L, 50L);
        assertThat(written.rowGroups()).extracting(RowGroupView::ordinal).containsExactly(0, 1, 2);
        for (RowGroupView group : written.rowGroups()) {
            assertThat(group.columns()).hasSize(4);
            assertThat(group.sortingColumns())
                    .containsExactly(new SortingColumnView(0, false, true));
            assertThat(group.totalCompressedSize())
                    .isEqualTo(
                            group.columns().stream()
                                    .mapToLong(ColumnChunkView::totalCompressedSize)
                                    .sum());
        }
        assertThat(written.rowGroup(2).columns().get(0).startOffset())
                .isGreaterThan(written.rowGroup(1).columns().get(3).startOffset());
        assertThatThrownBy(() -> written.rowGroup(3))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("Cannot read row group 3: the file has 3 (views.parquet)");
    }

    @Test
    void schemaLeavesCarryTypesAndLevels() {
        SchemaView schema = written.schema();
        assertThat(schema.fieldNames()).containsExactly("id", "name", "price", "tags");
        assertThat(schema.leaves())
                .extracting(LeafColumnView::dottedPath)
                .containsExactly("id", "name", "price", "tags.list.element");
        LeafColumnView id = schema.leaf("id").orElseThrow();
        assertThat(id.physicalType()).isEqualTo(PhysicalType.INT64);
        assertThat(id.repetition()).isEqualTo(Repetition.REQUIRED);
        assertThat(id.maxDefinitionLevel()).isZero();
        LeafColumnView price = schema.leaf(2).orElseThrow();
        assertThat(price.physicalType()).isEqualTo(PhysicalType.INT32);
        LogicalTypeView decimal = price.logicalType().orElseThrow();
        assertThat(decimal.name()).isEqualTo("DECIMAL");
        assertThat(decimal.precision()).isEqualTo(9);
        assertThat(decimal.scale()).isEqualTo(2);
        assertThat(decimal.text()).isEqualTo("DECIMAL(9,2)");
        LeafColumnView element = schema.leaf("tags.list.element").orElseThrow();
        assertThat(element.path()).containsExactly("tags", "list", "element");
        assertThat(element.maxDefinitionLevel()).isEqualTo(3);
        assertThat(element.maxRepetitionLevel()).isEqualTo(1);
        assertThat(element.logicalType().map(LogicalTypeView::name)).contains("STRING");
        assertThat(schema.leaf(4)).isEmpty();
        assertThat(schema.text()).startsWith("message ").contains("required int64 id;");
    }

    @Test
    void columnChunksSayCodecIndexesBloomFilterAndStatistics() {
        ColumnChunkView id = written.rowGroup(1).columns().get(0);
        assertThat(id.rowGroup()).isEqualTo(1);
        assertThat(id.path()).isEqualTo("id");
        assertThat(id.codecName()).isEqualTo("ZSTD");
        assertThat(id.compression()).contains(Compression.ZSTD);
        assertThat(id.numValues()).isEqualTo(100);
        assertThat(id.hasColumnIndex()).isTrue();
        assertThat(id.hasOffsetIndex()).isTrue();
        assertThat(id.hasBloomFilter()).isFalse();
        assertThat(id.startOffset()).isGreaterThanOrEqualTo(4).isLessThan(written.footerOffset());
        ChunkStatisticsView stats = id.statistics();
        assertThat(stats.hasMinMax()).isTrue();
        assertThat(stats.min()).isEqualTo(100L);
        assertThat(stats.max()).isEqualTo(199L);
        assertThat(stats.minText()).isEqualTo("100");
        assertThat(stats.nullCount()).hasValue(0);
        assertThat(stats.untrustedReason()).isEmpty();

        ColumnChunkView name = written.rowGroup(0).columns().get(1);
        assertThat(name.hasBloomFilter()).isTrue();
        assertThat(name.bloomFilter().orElseThrow().offset()).isGreaterThan(name.startOffset());
        assertThat(name.statistics().nullCount()).hasValue(10);
        // strings compare as unsigned bytes: "name-0" < "name-99"
        assertThat(new String((byte[]) name.statistics().min(), StandardCharsets.UTF_8))
                .isEqualTo("name-0");
        assertThat(name.statistics().maxText()).isEqualTo("name-99");
        assertThat(name.physicalType()).isEqualTo(PhysicalType.BYTE_ARRAY);
        assertThat(name.encodings()).isNotEmpty();

        ColumnChunkView price = written.rowGroup(2).columns().get(2);
        assertThat(price.statistics().min()).isEqualTo(200 * 25);
        assertThat(price.statistics().max()).isEqualTo(249 * 25);
    }

    @Test
    void chunksWithoutStatisticsSayWhy() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FileMetadataView meta;
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(WriteOptions.builder().statisticsEnabled(false).build())
                        .open(new PositionOutputStream(bytes), "bare.parquet")) {
            writer.write(GenericRowData.of(1L, null, null, null));
            meta = writer.finish();
        }
        ChunkStatisticsView stats = meta.rowGroup(0).columns().get(0).statistics();
        assertThat(stats.hasMinMax()).isFalse();
        assertThat(stats.untrustedReason()).contains("the chunk has no statistics");
        assertThatThrownBy(stats::minBytes)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the chunk has no statistics");
    }

    @Test
    void bloomFilterExcludesValuesTheChunkDoesNotHold() throws Exception {
        try (ParquetReader reader = open()) {
            BloomFilterView bloom = ParquetInspector.of(reader).readBloomFilter(0, 1).orElseThrow();
            for (int i = 0; i < 100; i++) {
                if (i % 10 != 3) {
                    assertThat(bloom.mightContain("name-" + i)).as("name-%d", i).isTrue();
                    assertThat(bloom.mightContain(("name-" + i).getBytes(StandardCharsets.UTF_8)))
                            .isTrue();
                }
            }
            long excluded =
                    IntStream.range(1000, 1100)
                            .filter(i -> !bloom.mightContain("name-" + i))
                            .count();
            assertThat(excluded).isGreaterThan(90);
            assertThat(bloom.bitsetBytes()).isPositive().isEqualTo(bloom.bitsetBytes() / 32 * 32);
            assertThat(ParquetInspector.of(reader).readBloomFilter(0, 0)).isEmpty();
        }
        assertThatThrownBy(() -> BloomFilterView.ofBitset(new byte[16]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("16 bytes");
    }

    @Test
    void pageChecksumsAreCountedFromThePageHeaders() throws Exception {
        try (ParquetReader reader = open()) {
            PageChecksumCount count = ParquetInspector.of(reader).readPageChecksums(0, 0);
            assertThat(count.all()).isTrue();
            assertThat(count.pages()).isPositive();
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(WriteOptions.builder().pageChecksums(false).build())
                        .open(new PositionOutputStream(bytes), "nocrc.parquet")) {
            writer.write(GenericRowData.of(1L, null, null, null));
        }
        InputFile input = new ByteArrayInputFile("nocrc.parquet", bytes.toByteArray());
        PageChecksumCount none =
                ParquetInspector.read(input, ReadOptions.defaults()).readPageChecksums(0, 0);
        assertThat(none.none()).isTrue();
        assertThat(none.pages()).isPositive();
    }

    @Test
    void readSchemaFollowsTheProjection() throws Exception {
        try (ParquetReader reader = open()) {
            ReadSchema all = reader.schema();
            assertThat(all.rowType()).isEqualTo(TYPE);
            assertThat(all.fields())
                    .extracting(FieldView::kind)
                    .containsExactly(
                            FieldView.Kind.PRIMITIVE,
                            FieldView.Kind.PRIMITIVE,
                            FieldView.Kind.PRIMITIVE,
                            FieldView.Kind.LIST);
            ReadSchema projected = reader.project(List.of("tags", "id"));
            assertThat(projected.rowType().getFieldNames()).containsExactly("tags", "id");
            assertThat(projected.leaves())
                    .extracting(LeafColumnView::leafIndex)
                    .containsExactly(3, 0);
            FieldView tags = projected.fields().get(0);
            assertThat(tags.leaf()).isEmpty();
            assertThat(tags.children()).hasSize(1);
            FieldView element = tags.children().get(0);
            assertThat(element.kind()).isEqualTo(FieldView.Kind.PRIMITIVE);
            assertThat(element.flinkType()).isInstanceOf(VarCharType.class);
            assertThat(element.leaf().map(LeafColumnView::dottedPath))
                    .contains("tags.list.element");
            assertThat(tags.leaves()).extracting(LeafColumnView::leafIndex).containsExactly(3);
            try (var batches = reader.batches(projected)) {
                assertThat(batches.next().columnBatch().getArray(0, 0).size()).isEqualTo(1);
            }
        }
    }

    @Test
    void aCorpusFileReadsTheSameFooterOnlyAndThroughTheReader() throws Exception {
        java.nio.file.Path path = TestingParquetFiles.data("alltypes_plain.parquet");
        try (InputFile input = FlinkInputFile.open(new Path(path.toUri()));
                ParquetReader reader =
                        ParquetReader.open(
                                FlinkInputFile.open(new Path(path.toUri())),
                                ReadOptions.defaults())) {
            FileMetadataView footerOnly =
                    ParquetInspector.read(input, ReadOptions.defaults()).metadata();
            assertThat(footerOnly).isEqualTo(reader.metadata());
            assertThat(footerOnly.numRows()).isEqualTo(8);
            assertThat(footerOnly.rowGroup(0).columns())
                    .extracting(ColumnChunkView::compression)
                    .containsOnly(Optional.of(Compression.UNCOMPRESSED));
        }
    }

    @Test
    void aReadSchemaOfAnotherFileIsRefused() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RowType other =
                (RowType) DataTypes.ROW(DataTypes.FIELD("x", DataTypes.DOUBLE())).getLogicalType();
        try (ParquetWriter writer =
                ParquetWriter.builder(other)
                        .options(WriteOptions.defaults())
                        .open(new PositionOutputStream(bytes), "other.parquet")) {
            writer.write(GenericRowData.of(1.5));
        }
        try (ParquetReader reader = open();
                ParquetReader otherReader =
                        ParquetReader.open(
                                new ByteArrayInputFile("other.parquet", bytes.toByteArray()),
                                ReadOptions.defaults())) {
            assertThatThrownBy(() -> reader.batches(otherReader.schema()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Cannot read column x: the read schema is not one of this file's"
                                    + " (use schema() or project()) (views.parquet)");
            // a second reader of the same file describes the same columns
            try (ParquetReader again = open();
                    var batches = reader.batches(again.project(List.of("id")))) {
                assertThat(batches.next().columnBatch().getLong(0, 0)).isZero();
            }
        }
    }
}
