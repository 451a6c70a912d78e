package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.apache.flink.core.fs.Path;
import org.junit.jupiter.api.Test;

class OrphanCleanerTest {
    private static final String A = "11111111-2222-3333-4444-555555555555";
    private static final String B = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee";
    private static final String OTHER = "99999999-9999-9999-9999-999999999999";
    private final Path dir = new Path("file:/out/p=1");

    private OrphanCleaner cleaner(String pattern) {
        return new OrphanCleaner(
                pattern,
                Map.of(A, 5L),
                Set.of(B),
                Set.of(
                        new Path(dir, "part-" + A + "-0-7.parquet").toString(),
                        new Path(dir, ".part-" + A + "-0-7.parquet.rows-3").toString()));
    }

    private static String inProgress(String name) {
        return "." + name + ".inprogress.0f0f0f0f-0000-0000-0000-000000000000";
    }

    @Test
    void anOrphanIsAFileOfARestoredAttemptOpenedAfterTheCheckpointOrOfAStatelessAttempt() {
        OrphanCleaner cleaner = cleaner("part-{uuid}-{subtask}-{count}.parquet");
        assertThat(cleaner.isOrphan(dir, inProgress("part-" + A + "-0-4.parquet")))
                .as("opened before the checkpoint: a committable may name it")
                .isFalse();
        assertThat(cleaner.isOrphan(dir, inProgress("part-" + A + "-0-5.parquet"))).isTrue();
        assertThat(cleaner.isOrphan(dir, inProgress("part-" + A + "-1-12.parquet"))).isTrue();
        assertThat(cleaner.isOrphan(dir, inProgress("part-" + A + "-0-7.parquet")))
                .as("kept open by the restored state")
                .isFalse();
        assertThat(cleaner.isOrphan(dir, inProgress("part-" + B + "-0-0.parquet"))).isTrue();
        assertThat(cleaner.isOrphan(dir, inProgress("part-" + OTHER + "-0-9.parquet")))
                .as("another writer's")
                .isFalse();
        assertThat(cleaner.isOrphan(dir, "part-" + B + "-0-0.parquet"))
                .as("a committed file")
                .isFalse();
        assertThat(cleaner.isOrphan(dir, inProgress("other-" + B + "-0-0.parquet"))).isFalse();
    }

    @Test
    void aRowLogSegmentOfThisLineageIsAnOrphanUnlessTheRestoredStateNamesIt() {
        OrphanCleaner cleaner = cleaner("part-{uuid}-{subtask}-{count}.parquet");
        assertThat(cleaner.isOrphan(dir, ".part-" + A + "-0-7.parquet.rows-3"))
                .as("named by the restored state")
                .isFalse();
        assertThat(cleaner.isOrphan(dir, ".part-" + A + "-0-7.parquet.rows-4"))
                .as("logged after the checkpoint")
                .isTrue();
        assertThat(cleaner.isOrphan(dir, ".part-" + A + "-0-7.parquet.rows-1"))
                .as("obsolete before the checkpoint (its rows were cut into a row group)")
                .isTrue();
        assertThat(cleaner.isOrphan(dir, ".part-" + A + "-0-2.parquet.rows-0"))
                .as("of a file closed for commit before the checkpoint")
                .isTrue();
        assertThat(cleaner.isOrphan(dir, ".part-" + B + "-0-0.parquet.rows-0"))
                .as("of a stateless attempt")
                .isTrue();
        assertThat(cleaner.isOrphan(dir, ".part-" + OTHER + "-0-7.parquet.rows-0"))
                .as("another writer's")
                .isFalse();
        assertThat(cleaner.isOrphan(dir, "part-" + A + "-0-7.parquet.rows-0"))
                .as("not hidden: not a segment")
                .isFalse();
        assertThat(
                        cleaner.isOrphan(
                                new Path("file:/out/p=2"), ".part-" + A + "-0-7.parquet.rows-3"))
                .as("the state names the one in p=1")
                .isTrue();
    }

    @Test
    void readsNamesOfAnyPatternLiterally() {
        OrphanCleaner cleaner = cleaner("x.{count}+({uuid}).pq");
        assertThat(cleaner.isOrphan(dir, inProgress("x.9+(" + A + ").pq"))).isTrue();
        assertThat(cleaner.isOrphan(dir, inProgress("x.1+(" + A + ").pq"))).isFalse();
        assertThat(cleaner.isOrphan(dir, inProgress("xx9+(" + A + ").pq")))
                .as("the dot is literal")
                .isFalse();
    }
}
