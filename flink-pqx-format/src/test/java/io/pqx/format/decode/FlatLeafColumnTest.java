package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.stats.PageIndexes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link FlatLeafColumn}, on its bulk path and on parquet-column's reader alike: reads of any
 * length across page edges, skips in whole chunks and in chunks read through the offset index (the
 * row jumping to each loaded page's first row), chunks mixing dictionary and plain pages, and a
 * read past the chunk's values reported as corrupt.
 */
class FlatLeafColumnTest {
    private static final int ROWS = 300;
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new IntType(),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "n", "s"});

    @AfterEach
    void restore() {
        FlatChunkReader.enabled = true;
    }

    private static Object n(int row) {
        return row % 3 == 0 || (row >= 40 && row < 60) ? null : row * 7;
    }

    /**
     * Low-cardinality until row 150, then distinct and long: the dictionary fills up, later pages
     * are plain.
     */
    private static String s(int row) {
        return row < 150
                ? "low-" + row % 4
                : "high-cardinality-string-" + row + "-" + "x".repeat(60);
    }

    private static TestingDecodeFiles.Opened file() throws IOException {
        List<GenericRowData> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(GenericRowData.of((long) i, n(i), StringData.fromString(s(i))));
        }
        return TestingDecodeFiles.open(
                TestingDecodeFiles.write(
                        TYPE,
                        WriteOptions.builder()
                                .pageRowLimit(10)
                                .dictionaryPageSizeBytes(2048)
                                .build(),
                        rows));
    }

    private static List<Object> expected(String field, int from, int to) {
        List<Object> values = new ArrayList<>();
        for (int i = from; i < to; i++) {
            values.add(
                    switch (field) {
                        case "id" -> (long) i;
                        case "n" -> n(i);
                        default -> s(i);
                    });
        }
        return values;
    }

    private static FlatLeafColumn open(
            TestingDecodeFiles.Opened file, String field, RowSelection selection, boolean bulk)
            throws IOException {
        FlatChunkReader.enabled = bulk;
        FlatLeafColumn leaf = TestingLeafColumns.flat(file, field, selection);
        assertThat(leaf.bulk()).as("fast path").isEqualTo(bulk);
        return leaf;
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void readsOfAnyLengthAppendAcrossPageEdges(boolean bulk) throws IOException {
        TestingDecodeFiles.Opened file = file();
        for (String field : new String[] {"id", "n", "s"}) {
            FlatLeafColumn leaf = open(file, field, RowSelection.all(ROWS), bulk);
            WritableColumnVector vector = leaf.decoder().newVector(ROWS);
            int pos = 0;
            int step = 1;
            while (pos < ROWS) {
                int n = Math.min(step, ROWS - pos);
                leaf.read(vector, pos, n);
                pos += n;
                step = step * 2 + 1; // 1, 3, 7, 15, ...: edges land inside and on pages
            }
            assertThat(TestingLeafColumns.values(vector, 0, ROWS))
                    .as(field)
                    .isEqualTo(expected(field, 0, ROWS));
            assertThat(leaf.row).isEqualTo(ROWS);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void skipToDropsTheRowsBeforeTheTargetAndNeverGoesBack(boolean bulk) throws IOException {
        TestingDecodeFiles.Opened file = file();
        for (String field : new String[] {"id", "n", "s"}) {
            FlatLeafColumn leaf = open(file, field, RowSelection.all(ROWS), bulk);
            WritableColumnVector vector = leaf.decoder().newVector(16);
            leaf.read(vector, 0, 5);
            leaf.skipTo(37);
            leaf.read(vector, 5, 3);
            leaf.skipTo(10); // behind the row: nothing happens
            leaf.read(vector, 8, 1);
            leaf.skipTo(295);
            leaf.read(vector, 9, 5);
            List<Object> expected = new ArrayList<>(expected(field, 0, 5));
            expected.addAll(expected(field, 37, 41));
            expected.addAll(expected(field, 295, 300));
            assertThat(TestingLeafColumns.values(vector, 0, 14)).as(field).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aPagedChunkStartsAtItsFirstLoadedPageAndJumpsOverMissingPages(boolean bulk)
            throws IOException {
        TestingDecodeFiles.Opened file = file();
        OffsetIndex index =
                PageIndexes.readOffsetIndex(
                        file.file(),
                        file.metadata().rowGroups().get(0).columns().get(1),
                        file.context());
        RowSelection selection = RowSelection.of(new long[] {155, 263}, new long[] {158, 270});
        long firstPageRow = -1;
        for (int p = 0; p < index.getPageCount(); p++) {
            if (index.getFirstRowIndex(p) <= 155) {
                firstPageRow = index.getFirstRowIndex(p);
            }
        }
        for (String field : new String[] {"id", "n", "s"}) {
            FlatLeafColumn leaf = open(file, field, selection, bulk);
            assertThat(leaf.paged).isTrue();
            if (field.equals("n")) {
                assertThat(leaf.row)
                        .as("first row of the page holding row 155")
                        .isEqualTo(firstPageRow);
            }
            WritableColumnVector vector = leaf.decoder().newVector(10);
            leaf.skipTo(155);
            leaf.read(vector, 0, 3);
            leaf.skipTo(263);
            assertThat(leaf.row).isEqualTo(263);
            leaf.read(vector, 3, 7);
            List<Object> expected = new ArrayList<>(expected(field, 155, 158));
            expected.addAll(expected(field, 263, 270));
            assertThat(TestingLeafColumns.values(vector, 0, 10)).as(field).isEqualTo(expected);
            assertThat(leaf.consumed)
                    .as("values decoded: only those of the loaded pages")
                    .isLessThan(ROWS / 2);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aChunkMixingDictionaryAndPlainPagesReadsAsWritten(boolean bulk) throws IOException {
        TestingDecodeFiles.Opened file = file();
        assertThat(file.metadata().rowGroups().get(0).columns().get(2).encodings())
                .as("fixture: the dictionary overflows")
                .contains(Encoding.PLAIN)
                .containsAnyOf(Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY);
        FlatLeafColumn leaf = open(file, "s", RowSelection.all(ROWS), bulk);
        WritableColumnVector vector = leaf.decoder().newVector(ROWS);
        leaf.skipTo(145); // skips dictionary-encoded pages, lands before the switch to plain
        for (int pos = 0; pos < ROWS - 145; pos += 11) {
            leaf.read(vector, pos, Math.min(11, ROWS - 145 - pos));
        }
        assertThat(TestingLeafColumns.values(vector, 0, ROWS - 145))
                .isEqualTo(expected("s", 145, ROWS));
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void readingOrSkippingPastTheChunksValuesIsCorrupt(boolean bulk) throws IOException {
        TestingDecodeFiles.Opened file = file();
        FlatLeafColumn leaf = open(file, "n", RowSelection.all(ROWS), bulk);
        WritableColumnVector vector = leaf.decoder().newVector(ROWS + 1);
        assertThatThrownBy(() -> leaf.read(vector, 0, ROWS + 1))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("Cannot decode column chunk")
                .hasMessageContaining(
                        "its 300 values (footer num_values) end before the row group's last row")
                .hasMessageContaining("memory.parquet")
                .hasMessageContaining("column n");
        assertThat(leaf.consumed).as("nothing was consumed").isZero();
        assertThatThrownBy(() -> leaf.skipTo(ROWS + 1))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("end before the row group's last row");
    }
}
