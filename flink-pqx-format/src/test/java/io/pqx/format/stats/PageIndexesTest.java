package io.pqx.format.stats;

import static io.pqx.format.stats.TestingPageIndexes.STRING;
import static io.pqx.format.stats.TestingPageIndexes.offsetIndex;
import static io.pqx.format.stats.TestingPageIndexes.stringIndex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.footer.TestingFooters;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.InputFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.Util;
import org.apache.parquet.internal.column.columnindex.BoundaryOrder;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.ColumnIndexBuilder;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * Page index conversion and reading. (Comparisons with parquet-java's conversion and reads are in
 * e2e-tests' {@code PageIndexesParquetJavaTest}.)
 */
class PageIndexesTest {
    private static final FileContext CTX = FileContext.of("p.parquet").rowGroup(0).column("s");

    @Test
    void convertsAColumnIndexToThriftAndBack() throws IOException {
        ColumnIndex index = stringIndex();
        org.apache.parquet.format.ColumnIndex ours = PageIndexes.toThrift(index);
        assertThat(ours.getNull_pages()).containsExactly(false, true, false);
        assertThat(ours.getBoundary_order())
                .isEqualTo(org.apache.parquet.format.BoundaryOrder.ASCENDING);

        ColumnIndex back = PageIndexes.fromThrift(ours, STRING, CTX);
        assertThat(back.getBoundaryOrder()).isEqualTo(BoundaryOrder.ASCENDING);
        assertThat(back.getNullPages()).isEqualTo(index.getNullPages());
        assertThat(back.getNullCounts()).containsExactly(1L, 2L, 0L);
        assertThat(back.getMinValues()).isEqualTo(index.getMinValues());
        assertThat(back.getMaxValues()).isEqualTo(index.getMaxValues());
    }

    @Test
    void convertsAnOffsetIndexToThriftAndBack() throws IOException {
        org.apache.parquet.internal.column.columnindex.OffsetIndex index = offsetIndex();
        OffsetIndex ours = PageIndexes.toThrift(index);
        org.apache.parquet.internal.column.columnindex.OffsetIndex back =
                PageIndexes.fromThrift(ours, CTX);
        assertThat(back.getPageCount()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(back.getOffset(i)).isEqualTo(index.getOffset(i));
            assertThat(back.getCompressedPageSize(i)).isEqualTo(index.getCompressedPageSize(i));
            assertThat(back.getFirstRowIndex(i)).isEqualTo(index.getFirstRowIndex(i));
        }
    }

    @Test
    void readsIndexesWrittenToAFile() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(new byte[] {'P', 'A', 'R', '1', 9, 9});
        int columnIndexAt = bytes.size();
        Util.writeColumnIndex(PageIndexes.toThrift(stringIndex()), bytes);
        int offsetIndexAt = bytes.size();
        Util.writeOffsetIndex(PageIndexes.toThrift(offsetIndex()), bytes);
        int end = bytes.size();
        bytes.write(new byte[20]);
        InputFile file = new ByteArrayInputFile("p.parquet", bytes.toByteArray());

        ColumnIndex columnIndex =
                PageIndexes.readColumnIndex(
                        file, columnIndexAt, offsetIndexAt - columnIndexAt, STRING, CTX);
        assertThat(columnIndex.getMinValues()).isEqualTo(stringIndex().getMinValues());
        org.apache.parquet.internal.column.columnindex.OffsetIndex offsets =
                PageIndexes.readOffsetIndex(file, offsetIndexAt, end - offsetIndexAt, CTX);
        assertThat(offsets.getFirstRowIndex(2)).isEqualTo(2500);
    }

    @Test
    void rejectsAnIndexBeyondTheFile() {
        InputFile file = new ByteArrayInputFile("p.parquet", new byte[100]);
        assertThatThrownBy(() -> PageIndexes.readColumnIndex(file, 90, 20, STRING, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read column index: its bytes [90, 110) lie outside the file of 100"
                                + " bytes (p.parquet, row group 0, column s)");
        assertThatThrownBy(() -> PageIndexes.readOffsetIndex(file, 10, 0, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read offset index: its length 0 is not in 1..134217728 bytes"
                                + " (p.parquet, row group 0, column s)");
    }

    @Test
    void rejectsGarbageIndexBytes() {
        byte[] garbage = new byte[64];
        Arrays.fill(garbage, (byte) 0x29);
        InputFile file = new ByteArrayInputFile("p.parquet", garbage);
        assertThatThrownBy(() -> PageIndexes.readColumnIndex(file, 0, 64, STRING, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith("Cannot read column index: it is not valid Thrift: ")
                .hasMessageEndingWith("(p.parquet, row group 0, column s)");
    }

    @Test
    void rejectsAListLengthBeyondTheIndexBytesWithoutAllocating() throws IOException {
        // A list header claiming 2^21 booleans in a 9-byte index.
        byte[] bytes = {0x19, (byte) 0xF1, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01, 1, 1, 1};
        InputFile file = new ByteArrayInputFile("p.parquet", bytes);
        assertThatThrownBy(() -> PageIndexes.readColumnIndex(file, 0, bytes.length, STRING, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith("Cannot read column index: it is not valid Thrift: ");
    }

    @Test
    void rejectsListsOfDifferentLengths() {
        org.apache.parquet.format.ColumnIndex thrift = PageIndexes.toThrift(stringIndex());
        thrift.getMax_values().remove(2);
        assertThatThrownBy(() -> PageIndexes.fromThrift(thrift, STRING, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read column index: max_values has 2 entries for 3 pages"
                                + " (p.parquet, row group 0, column s)");
    }

    @Test
    void rejectsBoundsNarrowerThanTheirFixedWidthType() {
        PrimitiveType int64 = Types.required(PrimitiveTypeName.INT64).named("l");
        ColumnIndexBuilder builder = ColumnIndexBuilder.getBuilder(int64, Integer.MAX_VALUE);
        builder.add(
                Statistics.getBuilderForReading(int64)
                        .withMin(longBytes(1))
                        .withMax(longBytes(9))
                        .withNumNulls(0)
                        .build());
        org.apache.parquet.format.ColumnIndex thrift = PageIndexes.toThrift(builder.build());
        thrift.getMin_values().set(0, ByteBuffer.wrap(new byte[3])); // cut by damage
        assertThatThrownBy(() -> PageIndexes.fromThrift(thrift, int64, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read column index: page 0 has bounds of 3 and 8 bytes for INT64"
                                + " values of 8 bytes (p.parquet, row group 0, column s)")
                .hasNoCause();
    }

    private static byte[] longBytes(long value) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
    }

    @Test
    void rejectsAnOffsetIndexOfNoPages() {
        OffsetIndex thrift = new OffsetIndex(new ArrayList<>());
        assertThatThrownBy(() -> PageIndexes.fromThrift(thrift, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read offset index: it lists no pages (p.parquet, row group 0, column s)");
    }

    @Test
    void rejectsPageRowsGoingBackwards() {
        List<PageLocation> pages = new ArrayList<>();
        pages.add(new PageLocation(4, 10, 0));
        pages.add(new PageLocation(14, 10, 50));
        pages.add(new PageLocation(24, 10, 20));
        assertThatThrownBy(() -> PageIndexes.fromThrift(new OffsetIndex(pages), CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith(
                        "Cannot read offset index: page 2 has an impossible location");
    }

    @Test
    void requiresTheChunkToHaveTheIndex() throws IOException {
        byte[] bytes = TestingFooters.bytes(TestingParquetFiles.data("alltypes_plain.parquet"));
        InputFile file = new ByteArrayInputFile("plain", bytes);
        ColumnChunkMetadata chunk =
                FooterReader.read(file, 1 << 20).rowGroups().get(0).columns().get(0);
        assertThat(chunk.columnIndex()).isEqualTo(Optional.empty());
        assertThatThrownBy(() -> PageIndexes.readColumnIndex(file, chunk, chunk.context()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
