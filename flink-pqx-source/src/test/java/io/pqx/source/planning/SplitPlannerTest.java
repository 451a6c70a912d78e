package io.pqx.source.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetInspector;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.pruning.FooterCache;
import io.pqx.source.pruning.PredicatePruning;
import io.pqx.source.pruning.PruningMetrics;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitPlannerTest {
    @TempDir Path dir;

    private DiscoveredFile file(Path p) throws IOException {
        return new DiscoveredFile(
                p.toUri().toString(),
                Files.size(p),
                Files.getLastModifiedTime(p).toMillis(),
                Map.of("k", "v"));
    }

    private static FileMetadataView footer(Path p) throws IOException {
        try (InputFile in = FlinkInputFile.open(new org.apache.flink.core.fs.Path(p.toUri()))) {
            return ParquetInspector.read(in, ReadOptions.defaults()).metadata();
        }
    }

    @Test
    void runsOfRowGroupsCloseAtTheFirstGroupReachingTheTarget() throws IOException {
        Path p = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 1000, 100);
        FileMetadataView footer = footer(p);
        List<RowGroupView> groups = footer.rowGroups();
        assertThat(groups).hasSize(10);
        long twoGroups = groups.get(0).totalCompressedSize() + groups.get(1).totalCompressedSize();

        List<RowGroupSplit> splits = new SplitPlanner(twoGroups).plan(file(p), footer);

        // every row group in exactly one split, in order, each split a run
        int expectedFirst = 0;
        for (RowGroupSplit s : splits) {
            assertThat(s.firstRowGroup()).isEqualTo(expectedFirst);
            assertThat(s.nextRowGroup()).isEqualTo(s.firstRowGroup());
            assertThat(s.nextRow()).isZero();
            assertThat(s.partitions()).containsEntry("k", "v");
            long bytes = 0;
            for (int g = s.firstRowGroup(); g <= s.lastRowGroup(); g++) {
                bytes += groups.get(g).totalCompressedSize();
            }
            long withoutLast = bytes - groups.get(s.lastRowGroup()).totalCompressedSize();
            assertThat(withoutLast).isLessThan(twoGroups);
            if (s.lastRowGroup() < groups.size() - 1) {
                assertThat(bytes).isGreaterThanOrEqualTo(twoGroups);
            }
            expectedFirst = s.lastRowGroup() + 1;
        }
        assertThat(expectedFirst).isEqualTo(10);
        assertThat(splits.size()).isBetween(4, 6);

        assertThat(new SplitPlanner(1).plan(file(p), footer)).hasSize(10);
        assertThat(new SplitPlanner(Long.MAX_VALUE).plan(file(p), footer))
                .singleElement()
                .satisfies(s -> assertThat(s.lastRowGroup()).isEqualTo(9));
        assertThatThrownBy(() -> new SplitPlanner(0)).hasMessageContaining("not positive");
    }

    @Test
    void footerPlanningReadsOnThePoolCachesAndNamesABadFile() throws Exception {
        Path a = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 300, 100);
        Path bad = dir.resolve("bad.parquet");
        Files.write(bad, new byte[] {'P', 'A', 'R', '1', 0, 0, 0, 0, 'P', 'A', 'R', '1'});
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            FooterCache<FooterPlanning.FileFacts> cache = new FooterCache<>(10);
            FooterPlanning planning =
                    new FooterPlanning(
                            pool,
                            cache,
                            new SplitPlanner(1),
                            ReadOptions.defaults(),
                            new PredicatePruning(
                                    null,
                                    TestingSourceFiles.ORDERS,
                                    List.of(),
                                    64,
                                    PruningMetrics.unregistered()));
            List<PlannedFile> planned = planning.plan(List.of(file(a)));
            assertThat(planned).singleElement().satisfies(f -> assertThat(f.splits()).hasSize(3));
            assertThat(cache.size()).isEqualTo(1);
            assertThat(cache.get(file(a))).isPresent();
            assertThatThrownBy(() -> planning.plan(List.of(file(a), file(bad))))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("bad.parquet");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theLastFooterOfACallIsReadOnTheCallingThread() throws Exception {
        Path a = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 300, 100);
        Path b = TestingSourceFiles.writeOrders(dir.resolve("b.parquet"), 300, 500, 100);
        Path bad = dir.resolve("bad.parquet");
        Files.write(bad, new byte[] {'P', 'A', 'R', '1', 0, 0, 0, 0, 'P', 'A', 'R', '1'});
        ExecutorService closed = Executors.newFixedThreadPool(1);
        closed.shutdown(); // takes no task: a read handed to it would be refused
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            PredicatePruning noPredicate =
                    new PredicatePruning(
                            null,
                            TestingSourceFiles.ORDERS,
                            List.of(),
                            64,
                            PruningMetrics.unregistered());
            FooterPlanning alone =
                    new FooterPlanning(
                            closed,
                            new FooterCache<>(0),
                            new SplitPlanner(1),
                            ReadOptions.defaults(),
                            noPredicate);
            assertThat(alone.plan(List.of(file(a))))
                    .singleElement()
                    .satisfies(f -> assertThat(f.splits()).hasSize(3));
            assertThatThrownBy(() -> alone.plan(List.of(file(bad))))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("bad.parquet");

            FooterPlanning shared =
                    new FooterPlanning(
                            pool,
                            new FooterCache<>(0),
                            new SplitPlanner(1),
                            ReadOptions.defaults(),
                            noPredicate);
            List<PlannedFile> planned = shared.plan(List.of(file(a), file(b)));
            assertThat(planned).extracting(f -> f.splits().size()).containsExactly(3, 2);
            assertThat(planned.get(1).splits().get(0).path()).isEqualTo(file(b).path());
            assertThatThrownBy(() -> shared.plan(List.of(file(bad), file(a))))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("bad.parquet");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theCacheKeepsTheMostRecentFooters() throws IOException {
        Path a = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 10, 100);
        FileMetadataView footer = footer(a);
        FooterCache<FileMetadataView> cache = new FooterCache<>(2);
        DiscoveredFile f1 = new DiscoveredFile("f1", 1, 1, Map.of());
        DiscoveredFile f2 = new DiscoveredFile("f2", 1, 1, Map.of());
        DiscoveredFile f3 = new DiscoveredFile("f3", 1, 1, Map.of());
        cache.put(f1, footer);
        cache.put(f2, footer);
        cache.get(f1);
        cache.put(f3, footer);
        assertThat(cache.get(f1)).isPresent();
        assertThat(cache.get(f2)).isEmpty();
        assertThat(cache.get(new DiscoveredFile("f1", 2, 1, Map.of())))
                .as("rewritten file")
                .isEmpty();
    }
}
