package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.sink.MiniClusterJobs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * How long a job that does nothing takes on the same MiniCluster (one row through a discarding
 * sink), against a query's pqx and Flink jobs: the share of their time no source can save, and the
 * job-time ratio any source could reach at most (Flink's time over the empty job's).
 */
final class JobFloor {
    private JobFloor() {}

    /** Prints {@code job_floor <query> ...}; {@code pqxSeconds}, {@code flinkSeconds}: medians. */
    static void report(
            MiniClusterJobs jobs,
            String query,
            double pqxSeconds,
            double flinkSeconds,
            BenchmarkArgs args,
            BenchmarkReport report)
            throws Exception {
        List<Long> runs = new ArrayList<>();
        for (int round = 0; round < args.warmups() + args.rounds(); round++) {
            long t0 = System.nanoTime();
            jobs.run(
                    query + " empty_job",
                    env -> env.fromSequence(1, 1).sinkTo(new DiscardingSink<>()));
            if (round >= args.warmups()) {
                runs.add(System.nanoTime() - t0);
            }
        }
        Collections.sort(runs);
        double empty = runs.get(runs.size() / 2) / 1e9;
        report.floor(
                "job_floor %s empty_job=%.3fs pqx=%.3fs flink=%.3fs ratio=%.2f"
                        + " ratio_above_floor=%.2f ratio_at_most=%.2f (flink / empty_job)",
                query,
                empty,
                pqxSeconds,
                flinkSeconds,
                flinkSeconds / pqxSeconds,
                (flinkSeconds - empty) / Math.max(1e-6, pqxSeconds - empty),
                flinkSeconds / empty);
    }
}
