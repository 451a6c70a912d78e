package io.pqx.format.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.TestingChunkViews.Column;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.flink.table.types.logical.IntType;
import org.junit.jupiter.api.Test;

class AccessPlanTest {
    private static final long ROWS = 100;
    private static final RowGroupAccess SKIP = RowGroupAccess.skip(ROWS);
    private static final RowGroupAccess SCAN = RowGroupAccess.scan(ROWS);
    private static final RowGroupAccess ALL = RowGroupAccess.allMatch(ROWS);

    private static RowGroupAccess select(long from, long to) {
        return RowGroupAccess.select(RowSelection.of(new long[] {from}, new long[] {to}), ROWS);
    }

    @Test
    void accessesHaveOneFormEach() {
        assertThat(RowGroupAccess.select(RowSelection.none(), ROWS)).isEqualTo(SKIP);
        assertThat(RowGroupAccess.select(RowSelection.all(ROWS), ROWS)).isEqualTo(SCAN);
        assertThat(RowGroupAccess.scan(0)).isEqualTo(RowGroupAccess.skip(0));
        assertThat(RowGroupAccess.of(Verdict.NONE_MATCH, ROWS)).isEqualTo(SKIP);
        assertThat(RowGroupAccess.of(Verdict.SOME_MAY_MATCH, ROWS)).isEqualTo(SCAN);
        assertThat(RowGroupAccess.of(Verdict.ALL_MATCH, ROWS)).isEqualTo(ALL);
        assertThat(select(10, 20).kind()).isEqualTo(RowGroupAccess.Kind.SELECT);
        assertThat(select(10, 20)).hasToString("SELECT RowSelection[[10, 20)] of 100");
        assertThatThrownBy(() -> select(90, 101)).hasMessageContaining("past the last row");
    }

    @Test
    void narrowingIsAMeetThatNeverWidens() {
        List<RowGroupAccess> all = List.of(SKIP, SCAN, ALL, select(10, 20), select(15, 40));
        for (RowGroupAccess a : all) {
            for (RowGroupAccess b : all) {
                RowGroupAccess n = a.narrow(b);
                assertThat(n).as(a + " narrow " + b).isEqualTo(b.narrow(a));
                assertThat(a.selection().intersect(n.selection()))
                        .as(a + " narrow " + b)
                        .isEqualTo(n.selection());
                assertThat(b.selection().intersect(n.selection())).isEqualTo(n.selection());
                assertThat(n.narrow(a)).isEqualTo(n);
            }
        }
        assertThat(SCAN.narrow(ALL)).isEqualTo(ALL);
        assertThat(ALL.narrow(SKIP)).isEqualTo(SKIP);
        assertThat(ALL.narrow(select(10, 20))).isEqualTo(select(10, 20));
        assertThat(select(10, 20).narrow(select(15, 40))).isEqualTo(select(15, 20));
        assertThat(select(10, 20).narrow(select(30, 40))).isEqualTo(SKIP);
        assertThatThrownBy(() -> SCAN.narrow(RowGroupAccess.scan(5)))
                .hasMessageContaining("100 and 5 rows");
    }

    private static List<RowGroupView> rowGroups(int... mins) {
        Column i = new Column("i", new IntType(), PhysicalType.INT32, null);
        List<RowGroupView> out = new ArrayList<>();
        for (int g = 0; g < mins.length; g++) {
            RowGroupView one =
                    TestingChunkViews.rowGroup(
                            ROWS, List.of(i), TestingChunkViews.ints(0, mins[g], mins[g] + 9));
            out.add(
                    new RowGroupView(
                            g,
                            one.numRows(),
                            100,
                            100,
                            OptionalLong.empty(),
                            List.of(),
                            one.columns()));
        }
        return out;
    }

    @Test
    void appliesPrunersInTurnAndCountsWhatEachDecided() {
        List<RowGroupView> groups = rowGroups(0, 10, 20, 30);
        Column i = new Column("i", new IntType(), PhysicalType.INT32, null);
        StatisticsPruner stats =
                StatisticsPruner.create(
                        Predicates.greaterOrEqual("i", 5), TestingChunkViews.fields(i));
        PruningCounters counters = new PruningCounters();
        AccessPlan plan = AccessPlan.scanAll(groups);
        assertThat(plan.rowsRead()).isEqualTo(400);
        AccessPlan pruned = plan.apply(stats, groups, SlotValues.none(), counters);
        assertThat(pruned.accesses()).containsExactly(SCAN, ALL, ALL, ALL);
        assertThat(counters.allMatched("statistics")).isEqualTo(3);
        StatisticsPruner upper =
                StatisticsPruner.create(Predicates.lessThan("i", 20), TestingChunkViews.fields(i));
        AccessPlan both = pruned.apply(upper, groups, SlotValues.none(), counters);
        assertThat(both.accesses()).containsExactly(ALL, ALL, SKIP, SKIP);
        assertThat(counters.skipped("statistics")).isEqualTo(2);
        assertThat(both.skippedRowGroups()).isEqualTo(2);
        assertThat(both.rowsRead()).isEqualTo(200);
        // a pruner narrowing to a selection, asked only about row groups not skipped
        List<Integer> asked = new ArrayList<>();
        RowGroupPruner pages =
                new RowGroupPruner() {
                    @Override
                    public String evidence() {
                        return "page-index";
                    }

                    @Override
                    public RowGroupAccess prune(
                            RowGroupView rowGroup,
                            RowGroupAccess current,
                            SlotValues slots,
                            PruningListener listener) {
                        asked.add(rowGroup.ordinal());
                        return select(0, 50);
                    }
                };
        AccessPlan selected = both.apply(pages, groups, SlotValues.none(), counters);
        assertThat(asked).containsExactly(0, 1);
        assertThat(selected.accesses()).containsExactly(select(0, 50), select(0, 50), SKIP, SKIP);
        assertThat(counters.selected("page-index")).isEqualTo(2);
        assertThat(selected.narrow(0, SCAN)).isSameAs(selected);
        assertThat(selected.narrow(0, SKIP).access(0)).isEqualTo(SKIP);
    }

    @Test
    void aFailingPrunerKeepsTheRowGroupAndIsReported() {
        List<RowGroupView> groups = rowGroups(0, 10);
        PruningCounters counters = new PruningCounters();
        RowGroupPruner failing =
                new RowGroupPruner() {
                    @Override
                    public String evidence() {
                        return "bloom-filter";
                    }

                    @Override
                    public RowGroupAccess prune(
                            RowGroupView rowGroup,
                            RowGroupAccess current,
                            SlotValues slots,
                            PruningListener listener)
                            throws IOException {
                        if (rowGroup.ordinal() == 0) {
                            throw new IOException("Cannot read bloom filter: truncated");
                        }
                        return RowGroupAccess.scan(7); // wrong size: ignored too
                    }
                };
        AccessPlan plan =
                AccessPlan.scanAll(groups).apply(failing, groups, SlotValues.none(), counters);
        assertThat(plan).isEqualTo(AccessPlan.scanAll(groups));
        assertThat(counters.failures("bloom-filter")).isEqualTo(2);
        assertThatThrownBy(
                        () ->
                                plan.apply(
                                        failing, groups.subList(0, 1), SlotValues.none(), counters))
                .hasMessageContaining("the plan has 2");
    }
}
