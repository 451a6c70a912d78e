package io.pqx.bench.lookup;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.BenchmarkReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pqx's lookup through Flink's public API in each way the suite can be handed it (plain, partial
 * cache, async, async behind the partial cache), on a 2,000-row table: every answer right.
 */
class PqxLookupContenderTest {
    @TempDir Path dir;

    @Test
    void everyProviderAnswersEveryProbeRight() throws Exception {
        DimensionTable table = new DimensionTable(2_000, 2, 250, 50, 11);
        List<Path> files = table.write(dir);
        Probes probes = Probes.draw(table, 400, 5);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BenchmarkReport report = new BenchmarkReport(new PrintStream(bytes, true, UTF_8));
        Map<String, String> partial =
                Map.of("lookup.cache", "PARTIAL", "lookup.partial-cache.max-rows", "100");
        PqxLookupContender plain = new PqxLookupContender("plain", dir, Map.of());
        PqxLookupContender cached = new PqxLookupContender("cached", dir, partial);
        PqxLookupContender async =
                new PqxLookupContender("async", dir, Map.of("lookup.async", "true"));
        PqxLookupContender asyncCached =
                new PqxLookupContender(
                        "async_cached",
                        dir,
                        Map.of(
                                "lookup.async",
                                "true",
                                "lookup.cache",
                                "PARTIAL",
                                "lookup.partial-cache.max-rows",
                                "100"));
        long budget = 60_000_000_000L;

        Map<String, LookupRounds.Figures> figures =
                new LookupRounds(table, report)
                        .run(
                                List.of(
                                        new LookupRounds.Entry(plain, probes.keys(), budget, true),
                                        new LookupRounds.Entry(
                                                cached, probes.repeated(), budget, false),
                                        new LookupRounds.Entry(async, probes.keys(), budget, true),
                                        new LookupRounds.Entry(
                                                asyncCached, probes.repeated(), budget, false),
                                        new LookupRounds.Entry(
                                                new FullScanContender(files),
                                                probes.subset(50),
                                                budget,
                                                true),
                                        new LookupRounds.Entry(
                                                new FullCacheContender(files),
                                                probes.keys(),
                                                budget,
                                                true)),
                                0,
                                1);

        String out = bytes.toString(UTF_8);
        assertThat(report.failures()).as(out).isEmpty();
        assertThat(figures.get("plain").latencies.count()).isEqualTo(400);
        assertThat(figures.get("async").latencies.count()).isEqualTo(400);
        assertThat(figures.get("cached").latencies.count()).isEqualTo(800);
        assertThat(figures.get("async_cached").latencies.count()).isEqualTo(800);
        assertThat(figures.get("cached").facts).containsPattern("cache_hits=[1-9]");
        assertThat(figures.get("async_cached").facts).containsPattern("cache_hits=[1-9]");
        assertThat(figures.get("async").facts).contains("batches=");
        assertThat(figures.get("plain").facts).startsWith("pqxLookups=400 ");
    }
}
