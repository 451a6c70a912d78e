package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * {@link NestedLeafColumn}: the repetition and definition levels and the vector slots it buffers
 * per batch (a slot for every entry at or above the slot level, null below the maximum level),
 * batches that forget the previous one, skips of whole rows of several entries, in whole and paged
 * chunks, buffers that grow past their first size, and a read past the chunk's values.
 */
class NestedLeafColumnTest {
    private static final int ROWS = 200;
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new ArrayType(new IntType()),
                        RowType.of(new LogicalType[] {new IntType()}, new String[] {"a"})
                    },
                    new String[] {"xs", "r"});

    /** Row i of xs: null, [], [i, null], [i] in turn: levels (0,0); (0,1); (0,3) (1,2); (0,3). */
    private static Integer[] xs(int i) {
        return switch (i % 4) {
            case 0 -> null;
            case 1 -> new Integer[0];
            case 2 -> new Integer[] {i, null};
            default -> new Integer[] {i};
        };
    }

    /** Row i of r: null, (null), (i) in turn: definition levels 0, 1, 2. */
    private static GenericRowData r(int i) {
        return switch (i % 3) {
            case 0 -> null;
            case 1 -> GenericRowData.of((Object) null);
            default -> GenericRowData.of(i);
        };
    }

    private static TestingDecodeFiles.Opened file(boolean pageIndex) throws IOException {
        List<GenericRowData> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(GenericRowData.of(xs(i) == null ? null : new GenericArrayData(xs(i)), r(i)));
        }
        return TestingDecodeFiles.open(
                TestingDecodeFiles.write(
                        TYPE,
                        WriteOptions.builder().pageRowLimit(10).pageIndexEnabled(pageIndex).build(),
                        rows));
    }

    private static void assertBatch(
            NestedLeafColumn leaf,
            List<Integer> repetition,
            List<Integer> definition,
            List<Object> slots) {
        assertThat(leaf.entries()).isEqualTo(repetition.size());
        assertThat(TestingLeafColumns.levels(leaf.repetitionLevels(), leaf.entries()))
                .as("repetition")
                .isEqualTo(repetition);
        assertThat(TestingLeafColumns.levels(leaf.definitionLevels(), leaf.entries()))
                .as("definition")
                .isEqualTo(definition);
        assertThat(leaf.slots()).isEqualTo(slots.size());
        assertThat(TestingLeafColumns.values(leaf.values(), 0, leaf.slots()))
                .as("slots")
                .isEqualTo(slots);
    }

    @Test
    void aBatchBuffersTheLevelsAndOneSlotPerElement() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        NestedLeafColumn leaf = TestingLeafColumns.nested(file, "xs", RowSelection.all(ROWS));
        assertThat(leaf.maxDefinitionLevel).isEqualTo(3);
        assertThat(leaf.maxRepetitionLevel).isEqualTo(1);
        leaf.beginBatch(0);
        leaf.read(4);
        assertBatch(
                leaf, List.of(0, 0, 0, 1, 0), List.of(0, 1, 3, 2, 3), Arrays.asList(2, null, 3));
        assertThat(leaf.row).isEqualTo(4);
    }

    @Test
    void aNewBatchForgetsThePreviousOnesEntries() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        NestedLeafColumn leaf = TestingLeafColumns.nested(file, "xs", RowSelection.all(ROWS));
        leaf.beginBatch(0);
        leaf.read(3);
        leaf.read(1); // appends to the same batch
        assertThat(leaf.entries()).isEqualTo(5);
        leaf.beginBatch(0);
        leaf.read(4);
        assertBatch(
                leaf, List.of(0, 0, 0, 1, 0), List.of(0, 1, 3, 2, 3), Arrays.asList(6, null, 7));
    }

    @Test
    void skipToDropsWholeRowsOfSeveralEntries() throws IOException {
        for (boolean pageIndex : new boolean[] {true, false}) {
            TestingDecodeFiles.Opened file = file(pageIndex);
            RowSelection selection = RowSelection.of(new long[] {6, 126}, new long[] {8, 130});
            NestedLeafColumn leaf = TestingLeafColumns.nested(file, "xs", selection);
            assertThat(leaf.paged).isEqualTo(pageIndex);
            leaf.beginBatch(0);
            leaf.skipTo(6);
            leaf.read(2); // rows 6, 7
            leaf.skipTo(126);
            assertThat(leaf.row).isEqualTo(126);
            leaf.read(4); // rows 126..129: [126, null], [127], null, []
            assertBatch(
                    leaf,
                    List.of(0, 1, 0, 0, 1, 0, 0, 0),
                    List.of(3, 2, 3, 3, 2, 3, 0, 1),
                    Arrays.asList(6, null, 7, 126, null, 127));
        }
    }

    @Test
    void aLeafUnderARowHasASlotPerRowAndSkipsEntryByEntry() throws IOException {
        for (boolean pageIndex : new boolean[] {true, false}) {
            TestingDecodeFiles.Opened file = file(pageIndex);
            RowSelection selection = RowSelection.of(new long[] {4, 151}, new long[] {7, 153});
            NestedLeafColumn leaf = TestingLeafColumns.nested(file, "r", selection);
            assertThat(leaf.maxRepetitionLevel).isZero();
            leaf.beginBatch(0);
            leaf.skipTo(4);
            leaf.read(3); // rows 4, 5, 6: (null), (5), null
            leaf.skipTo(151);
            leaf.read(2); // rows 151, 152: (null), (152)
            assertBatch(
                    leaf,
                    List.of(0, 0, 0, 0, 0),
                    List.of(1, 2, 0, 1, 2),
                    Arrays.asList(null, 5, null, null, 152));
        }
    }

    @Test
    void buffersGrowPastTheirFirstSize() throws IOException {
        Integer[] big = new Integer[3000];
        for (int k = 0; k < big.length; k++) {
            big[k] = k % 10 == 0 ? null : k;
        }
        List<GenericRowData> rows =
                List.of(
                        GenericRowData.of(new GenericArrayData(new Integer[] {-1}), null),
                        GenericRowData.of(new GenericArrayData(big), null),
                        GenericRowData.of(new GenericArrayData(new Integer[] {-2}), null));
        TestingDecodeFiles.Opened file =
                TestingDecodeFiles.open(
                        TestingDecodeFiles.write(TYPE, WriteOptions.defaults(), rows));
        NestedLeafColumn leaf = TestingLeafColumns.nested(file, "xs", RowSelection.all(3));
        leaf.beginBatch(0);
        leaf.read(3);
        List<Object> expected = new ArrayList<>();
        expected.add(-1);
        expected.addAll(Arrays.asList(big));
        expected.add(-2);
        assertThat(leaf.entries()).isEqualTo(3002);
        assertThat(leaf.slots()).isEqualTo(3002);
        assertThat(TestingLeafColumns.values(leaf.values(), 0, 3002)).isEqualTo(expected);
        assertThat(TestingLeafColumns.levels(leaf.repetitionLevels(), 3002))
                .containsOnly(0, 1)
                .filteredOn(r -> r == 0)
                .hasSize(3);
    }

    @Test
    void readingOrSkippingPastTheChunksRowsIsCorrupt() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        NestedLeafColumn leaf = TestingLeafColumns.nested(file, "xs", RowSelection.all(ROWS));
        leaf.beginBatch(0);
        assertThatThrownBy(() -> leaf.read(ROWS + 1))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("end before the row group's last row")
                .hasMessageContaining("column xs");
        NestedLeafColumn skipping = TestingLeafColumns.nested(file, "r", RowSelection.all(ROWS));
        assertThatThrownBy(() -> skipping.skipTo(ROWS + 1))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("end before the row group's last row");
    }
}
