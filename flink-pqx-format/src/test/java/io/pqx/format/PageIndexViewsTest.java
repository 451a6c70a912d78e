package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.index.BoundaryOrder;
import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.index.PhysicalType;
import io.pqx.format.options.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public page index views, on a file whose pages' contents are known. */
class PageIndexViewsTest {
    @TempDir Path dir;

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("name", DataTypes.STRING()),
                                    DataTypes.FIELD("score", DataTypes.DOUBLE()))
                            .getLogicalType();

    /** 1000 rows, 100 per page: ids ascend; names are 20 'a'..'j' + id; scores null in page 3. */
    private ParquetReader written() throws Exception {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            String name = String.valueOf((char) ('a' + i / 100)).repeat(20) + i;
            rows.add(
                    GenericRowData.of(
                            (long) i,
                            i % 7 == 0 ? null : StringData.fromString(name),
                            i / 100 == 3 ? null : i * 0.5));
        }
        Path file = dir.resolve("t.parquet");
        TestingWriters.write(
                file,
                TYPE,
                WriteOptions.builder()
                        .pageRowLimit(100)
                        .dictionaryEnabled(false)
                        .columnIndexTruncateLength(8)
                        .build(),
                rows);
        return ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
    }

    @Test
    void columnIndexGivesTypedBoundsNullPagesAndCounts() throws Exception {
        try (ParquetReader reader = written()) {
            ColumnIndexView id = ParquetInspector.of(reader).readColumnIndex(0, 0).orElseThrow();
            assertThat(id.physicalType()).isEqualTo(PhysicalType.INT64);
            assertThat(id.pageCount()).isEqualTo(10);
            assertThat(id.boundaryOrder()).isEqualTo(BoundaryOrder.ASCENDING);
            for (int p = 0; p < 10; p++) {
                assertThat(id.min(p)).isEqualTo(p * 100L);
                assertThat(id.max(p)).isEqualTo(p * 100L + 99);
                assertThat(id.nullCount(p)).hasValue(0);
                assertThat(id.isNullPage(p)).isFalse();
            }

            ColumnIndexView score = ParquetInspector.of(reader).readColumnIndex(0, 2).orElseThrow();
            assertThat(score.isNullPage(3)).isTrue();
            assertThat(score.nullCount(3)).hasValue(100);
            assertThat(score.min(3)).isNull();
            assertThat(score.minBytes(3)).isEmpty();
            assertThat(score.min(4)).isEqualTo(200.0);
            assertThat(score.max(4)).isEqualTo(249.5);
        }
    }

    @Test
    void binaryBoundsAreTruncatedBoundsAndCopies() throws Exception {
        try (ParquetReader reader = written()) {
            ColumnIndexView name = ParquetInspector.of(reader).readColumnIndex(0, 1).orElseThrow();
            assertThat(name.physicalType().isBinary()).isTrue();
            // Page 1 holds "bbbb...b100".."bbbb...b199" (rows 105, 112, ... are null): 8-byte cuts.
            assertThat(new String((byte[]) name.min(1), StandardCharsets.UTF_8))
                    .isEqualTo("bbbbbbbb");
            assertThat(new String(name.maxBytes(1), StandardCharsets.UTF_8)).isEqualTo("bbbbbbbc");
            assertThat(name.nullCount(0)).hasValue(15); // 0, 7, ..., 98
            byte[] copy = name.minBytes(1);
            copy[0] = 'z';
            assertThat(name.minBytes(1)[0]).isEqualTo((byte) 'b');
            assertThatThrownBy(() -> name.min(10))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("page 10 of a column index of 10 pages");
        }
    }

    @Test
    void offsetIndexGivesPageLocationsAndRows() throws Exception {
        try (ParquetReader reader = written()) {
            OffsetIndexView offsets =
                    ParquetInspector.of(reader).readOffsetIndex(0, 0).orElseThrow();
            long rowGroupRows = reader.metadata().rowGroups().get(0).numRows();
            assertThat(offsets.pageCount()).isEqualTo(10);
            long previousEnd = reader.metadata().rowGroups().get(0).columns().get(0).startOffset();
            for (int p = 0; p < offsets.pageCount(); p++) {
                assertThat(offsets.firstRowIndex(p)).isEqualTo(p * 100L);
                assertThat(offsets.rowCount(p, rowGroupRows)).isEqualTo(100);
                assertThat(offsets.offset(p)).as("pages are contiguous").isEqualTo(previousEnd);
                assertThat(offsets.compressedPageSize(p)).isPositive();
                previousEnd = offsets.offset(p) + offsets.compressedPageSize(p);
                assertThat(offsets.pages().get(p).offset()).isEqualTo(offsets.offset(p));
            }
        }
    }
}
