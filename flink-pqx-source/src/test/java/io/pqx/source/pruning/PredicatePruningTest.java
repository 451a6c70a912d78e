package io.pqx.source.pruning;

import static io.pqx.format.predicate.Predicates.and;
import static io.pqx.format.predicate.Predicates.equal;
import static io.pqx.format.predicate.Predicates.greaterThan;
import static io.pqx.format.predicate.Predicates.isNull;
import static io.pqx.format.predicate.Predicates.lessThan;
import static io.pqx.format.predicate.Predicates.or;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.RowGroupAccess.Kind;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.planning.FooterPlanning;
import io.pqx.source.planning.PlannedFile;
import io.pqx.source.planning.SplitPlanner;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pruning in planning: partitions, footer statistics, ALL_MATCH, splits over survivors, metrics.
 */
class PredicatePruningTest {
    /**
     * ORDERS plus a nullable column no file has, and partition columns day (STRING) and n (INT).
     */
    static final RowType TYPE;

    static {
        List<RowType.RowField> fields = new ArrayList<>(TestingSourceFiles.ORDERS.getFields());
        fields.add(new RowType.RowField("extra", new IntType()));
        fields.add(new RowType.RowField("day", new VarCharType(VarCharType.MAX_LENGTH)));
        fields.add(new RowType.RowField("n", new IntType()));
        TYPE = new RowType(fields);
    }

    @TempDir Path dir;
    private Path file;
    private FooterPlanning.FileFacts facts;
    private final PruningMetrics metrics = PruningMetrics.unregistered();

    @BeforeEach
    void writeSortedFile() throws IOException {
        // ids 0..999 in 10 row groups of 100 rows
        file = TestingSourceFiles.writeOrders(dir.resolve("day=d1/n=1/a.parquet"), 0, 1000, 100);
        try (ParquetReader r =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            facts = new FooterPlanning.FileFacts(r.metadata(), r.schema().fields());
        }
    }

    private PredicatePruning pruning(Predicate p) {
        return new PredicatePruning(p, TYPE, List.of("day", "n"), 64, metrics);
    }

    private AccessPlan plan(Predicate p) {
        return pruning(p).plan(facts.metadata(), facts.fields());
    }

    private static List<Kind> kinds(AccessPlan plan) {
        List<Kind> out = new ArrayList<>();
        plan.accesses().forEach(a -> out.add(a.kind()));
        return out;
    }

    private DiscoveredFile discovered(String day, String n) throws IOException {
        return new DiscoveredFile(
                file.toUri().toString(), Files.size(file), 1, Map.of("day", day, "n", n));
    }

    @Test
    void statisticsSkipRowGroupsAndProveFullMatches() throws IOException {
        AccessPlan plan = plan(lessThan("id", 250));
        assertThat(kinds(plan))
                .containsExactly(
                        Kind.ALL_MATCH,
                        Kind.ALL_MATCH,
                        Kind.SCAN,
                        Kind.SKIP,
                        Kind.SKIP,
                        Kind.SKIP,
                        Kind.SKIP,
                        Kind.SKIP,
                        Kind.SKIP,
                        Kind.SKIP);
        assertThat(metrics.rowGroupsPrunedByStatistics()).isEqualTo(7);
        assertThat(metrics.rowGroupsFullyMatched()).isEqualTo(2);
        assertThat(metrics.filesPrunedByStatistics()).isZero();

        List<RowGroupSplit> splits =
                new SplitPlanner(Long.MAX_VALUE)
                        .plan(discovered("d1", "1"), facts.metadata(), plan);
        assertThat(splits)
                .singleElement()
                .satisfies(
                        s -> {
                            assertThat(s.firstRowGroup()).isZero();
                            assertThat(s.lastRowGroup()).isEqualTo(2);
                            assertThat(s.allMatchRowGroups()).containsExactly(0, 1);
                        });
    }

    @Test
    void splitsAreRunsOfSurvivingRowGroups() throws IOException {
        AccessPlan plan =
                plan(
                        or(
                                lessThan("id", 150),
                                and(greaterThan("id", 420), lessThan("id", 480)),
                                greaterThan("id", 850)));
        assertThat(kinds(plan))
                .containsExactly(
                        Kind.ALL_MATCH,
                        Kind.SCAN,
                        Kind.SKIP,
                        Kind.SKIP,
                        Kind.SCAN,
                        Kind.SKIP,
                        Kind.SKIP,
                        Kind.SKIP,
                        Kind.SCAN,
                        Kind.ALL_MATCH);
        List<RowGroupSplit> splits =
                new SplitPlanner(Long.MAX_VALUE)
                        .plan(discovered("d1", "1"), facts.metadata(), plan);
        assertThat(splits)
                .extracting(s -> s.firstRowGroup() + "-" + s.lastRowGroup())
                .containsExactly("0-1", "4-4", "8-9");
        assertThat(splits.get(0).allMatchRowGroups()).containsExactly(0);
        assertThat(splits.get(1).allMatchRowGroups()).isEmpty();
        assertThat(splits.get(2).allMatchRowGroups()).containsExactly(9);
        assertThat(new SplitPlanner(1).plan(discovered("d1", "1"), facts.metadata(), plan))
                .extracting(RowGroupSplit::firstRowGroup)
                .containsExactly(0, 1, 4, 8, 9);
    }

    @Test
    void aFileNoRowGroupOfWhichMatchesGetsNoSplit() throws IOException {
        AccessPlan plan = plan(greaterThan("id", 5000));
        assertThat(plan.skippedRowGroups()).isEqualTo(10);
        assertThat(new SplitPlanner(1).plan(discovered("d1", "1"), facts.metadata(), plan))
                .isEmpty();
        assertThat(metrics.filesPrunedByStatistics()).isEqualTo(1);
    }

    @Test
    void aConjunctTheStatisticsCannotSeeKeepsRowGroupsFromFullMatch() {
        // extra is in no file: its conjunct is left out, so no row group can be proven ALL_MATCH
        AccessPlan plan = plan(and(lessThan("id", 250), isNull("extra")));
        assertThat(kinds(plan))
                .containsExactly(
                        Kind.SCAN, Kind.SCAN, Kind.SCAN, Kind.SKIP, Kind.SKIP, Kind.SKIP, Kind.SKIP,
                        Kind.SKIP, Kind.SKIP, Kind.SKIP);
        assertThat(metrics.rowGroupsFullyMatched()).isZero();
        // a widened column (file INT, requested BIGINT) is not judged by the file's statistics
        List<RowType.RowField> fields = new ArrayList<>(TestingSourceFiles.ORDERS.getFields());
        fields.set(3, new RowType.RowField("qty", new BigIntType()));
        PredicatePruning widened =
                new PredicatePruning(
                        equal("qty", 1000L), new RowType(fields), List.of(), 64, metrics);
        assertThat(widened.plan(facts.metadata(), facts.fields()).skippedRowGroups()).isZero();
    }

    @Test
    void partitionValuesPruneFilesAndProveFullMatches() throws IOException {
        PredicatePruning p = pruning(and(equal("day", "d1"), greaterThan("n", 0)));
        assertThat(p.keepsFile(discovered("d1", "1"))).isTrue();
        assertThat(p.keepsFile(discovered("d2", "1"))).isFalse();
        assertThat(p.keepsFile(discovered("d1", "0"))).isFalse();
        assertThat(p.keepsFile(discovered("d1", "__DEFAULT_PARTITION__")))
                .as("n is null: UNKNOWN")
                .isFalse();
        assertThat(metrics.filesPrunedByPartition()).isEqualTo(3);
        // only partition conjuncts: every row of a kept file matches
        assertThat(kinds(p.plan(facts.metadata(), facts.fields()))).containsOnly(Kind.ALL_MATCH);
        // a value that does not parse prunes nothing (the reader fails naming it)
        assertThat(p.keepsFile(discovered("d1", "x"))).isTrue();
        assertThat(metrics.pruningErrors()).isEqualTo(1);
        // a partition conjunct mixed with a file column is not a partition proof
        PredicatePruning mixed = pruning(or(equal("day", "d2"), lessThan("id", 100)));
        assertThat(mixed.keepsFile(discovered("d1", "1"))).isTrue();
        assertThat(kinds(mixed.plan(facts.metadata(), facts.fields()))).containsOnly(Kind.SCAN);
    }

    @Test
    void aPartitionPrunedFileIsNotOpened() throws Exception {
        Path bad = dir.resolve("day=d2/n=1/bad.parquet");
        Files.createDirectories(bad.getParent());
        Files.write(bad, new byte[] {'P', 'A', 'R', '1', 0, 0, 0, 0, 'P', 'A', 'R', '1'});
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            FooterPlanning planning =
                    new FooterPlanning(
                            pool,
                            new FooterCache<>(4),
                            new SplitPlanner(1),
                            ReadOptions.defaults(),
                            pruning(equal("day", "d1")));
            DiscoveredFile badFile =
                    new DiscoveredFile(
                            bad.toUri().toString(),
                            Files.size(bad),
                            1,
                            Map.of("day", "d2", "n", "1"));
            List<PlannedFile> planned = planning.plan(List.of(discovered("d1", "1"), badFile));
            assertThat(planned).hasSize(2);
            assertThat(planned.get(0).splits())
                    .hasSize(10)
                    .allSatisfy(
                            s ->
                                    assertThat(s.allMatchRowGroups())
                                            .containsExactly(s.firstRowGroup()));
            assertThat(planned.get(1).splits()).isEmpty();
        } finally {
            pool.shutdownNow();
        }
    }
}
