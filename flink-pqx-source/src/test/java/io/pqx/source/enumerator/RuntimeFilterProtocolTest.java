package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.RuntimeFilter;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.assigner.PendingSplits;
import io.pqx.source.planning.FooterPlanning;
import io.pqx.source.planning.SplitPlanner;
import io.pqx.source.pruning.FooterCache;
import io.pqx.source.pruning.PredicatePruning;
import io.pqx.source.pruning.PruningMetrics;
import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.runtimefilter.TestingRuntimeFilters;
import io.pqx.source.split.RowGroupSplit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime-filter protocol on its own: which filters are held and in what order, what a reader
 * registering gets, and that a re-evaluation, which holds back assignment, always ends by handing
 * assignment back, also when it cannot read a footer.
 */
class RuntimeFilterProtocolTest {
    private static final String IDS = "ids";
    private static final String QUANTITIES = "quantities";

    @TempDir java.nio.file.Path dir;

    private final ExecutorService footerPool = Executors.newSingleThreadExecutor();
    private final TestingEnumeratorContext context = new TestingEnumeratorContext(2);
    private final PendingSplits pending = new PendingSplits();
    private final PruningMetrics metrics = PruningMetrics.unregistered();
    private final AtomicInteger reevaluationsEnded = new AtomicInteger();

    @AfterEach
    void shutDown() {
        footerPool.shutdownNow();
    }

    private RuntimeFilterProtocol protocol(List<RuntimeFilterEvent> restored) {
        EnumeratorSettings settings =
                new EnumeratorSettings(
                        new EnumeratorSettings.Files(
                                List.of(dir.toUri().toString()),
                                List.of(),
                                null,
                                "__DEFAULT_PARTITION__"),
                        new EnumeratorSettings.Discovery(0, 3_600_000L, false),
                        new EnumeratorSettings.Planning(1, 2, 16),
                        new EnumeratorSettings.Filtering(
                                TestingSourceFiles.ORDERS,
                                Predicates.and(
                                        Predicates.slot(IDS, "id"),
                                        Predicates.slot(QUANTITIES, "qty")),
                                StatisticsPruner.DEFAULT_IN_LIST_CAP,
                                List.of(),
                                0.01));
        PredicatePruning pruning =
                new PredicatePruning(
                        settings.filtering().predicate(),
                        settings.filtering().rowType(),
                        settings.files().partitionKeys(),
                        settings.filtering().inListCap(),
                        metrics);
        FooterPlanning planning =
                new FooterPlanning(
                        footerPool,
                        new FooterCache<>(16),
                        new SplitPlanner(1),
                        ReadOptions.defaults(),
                        pruning);
        return new RuntimeFilterProtocol(
                context,
                settings,
                pending,
                planning,
                pruning,
                metrics,
                restored,
                reevaluationsEnded::incrementAndGet);
    }

    private static RuntimeFilterEvent ids(long... keys) {
        List<Long> list = new ArrayList<>();
        for (long k : keys) {
            list.add(k);
        }
        return TestingRuntimeFilters.longKeys(IDS, "id", list);
    }

    private static RuntimeFilterEvent noQuantity() {
        return RuntimeFilterEvent.of(QUANTITIES, RuntimeFilter.empty(ColumnRef.of("qty")));
    }

    @Test
    void aNewerFilterForASlotReplacesTheOldOneAndMovesToTheEndOfTheArrivalOrder() {
        RuntimeFilterProtocol protocol = protocol(List.of());
        RuntimeFilterEvent first = ids(1L, 2L);
        RuntimeFilterEvent newer = ids(7L);
        protocol.apply(List.of(first));
        protocol.apply(List.of(noQuantity()));
        protocol.apply(List.of(newer));
        assertThat(protocol.held()).containsExactly(noQuantity(), newer);
        assertThat(metrics.runtimeFiltersApplied()).isEqualTo(3);

        context.registerReader(1);
        protocol.sendHeldFilters(1);
        assertThat(context.events.get(1))
                .as("a reader that registers gets the filters held, in arrival order")
                .containsExactly(noQuantity(), newer);
    }

    @Test
    void restoredFiltersAreHeldAndNotAppliedAgain() {
        RuntimeFilterEvent restored = ids(5L);
        RuntimeFilterProtocol protocol = protocol(List.of(restored));
        assertThat(protocol.held()).containsExactly(restored);
        assertThat(protocol.slots()).isNotEqualTo(protocol(List.of()).slots());

        context.registerReader(0);
        protocol.apply(List.of(ids(5L))); // re-delivered by the publisher after a failover
        assertThat(context.events).as("a re-delivery is not forwarded").isEmpty();
        assertThat(metrics.runtimeFiltersApplied()).isZero();
    }

    @Test
    void aReevaluationHoldsAssignmentBackUntilItEndsAndDropsTheSplitsProvenEmpty()
            throws Exception {
        TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 300, 100);
        String path = dir.resolve("a.parquet").toUri().toString();
        long length = java.nio.file.Files.size(dir.resolve("a.parquet"));
        long mtime = java.nio.file.Files.getLastModifiedTime(dir.resolve("a.parquet")).toMillis();
        for (int g = 0; g < 3; g++) {
            pending.addAll(List.of(RowGroupSplit.of(path, length, mtime, Map.of(), g, g)));
        }
        RuntimeFilterProtocol protocol = protocol(List.of());

        protocol.apply(List.of(ids(150L)));
        assertThat(protocol.reevaluating()).isTrue();
        assertThat(reevaluationsEnded).hasValue(0);

        context.runAsync(); // the worker thread's answer arrives
        assertThat(protocol.reevaluating()).isFalse();
        assertThat(reevaluationsEnded).hasValue(1);
        assertThat(pending.snapshot())
                .extracting(RowGroupSplit::firstRowGroup)
                .as("only row group 1 (ids 100-199) may hold id 150")
                .containsExactly(1);
        assertThat(metrics.splitsPrunedByRuntimeFilter()).isEqualTo(2);
    }

    @Test
    void aReevaluationThatCannotReadAFooterKeepsTheSplitsAndStillEnds() {
        String missing = dir.resolve("gone.parquet").toUri().toString();
        pending.addAll(List.of(RowGroupSplit.of(missing, 100, 1, Map.of(), 0, 0)));
        RuntimeFilterProtocol protocol = protocol(List.of());

        protocol.apply(List.of(ids(150L)));
        context.runAsync();
        assertThat(protocol.reevaluating()).isFalse();
        assertThat(reevaluationsEnded).hasValue(1);
        assertThat(pending.size()).isEqualTo(1);
        assertThat(metrics.pruningErrors()).isEqualTo(1);
    }
}
