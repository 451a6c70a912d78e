package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.format.DuckDbSession;
import io.pqx.bench.format.LineitemTable;
import io.pqx.bench.sink.MiniClusterJobs;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import io.pqx.source.PqxSourceOptions;
import io.pqx.tools.metrics.PqxCounters;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.executiongraph.AccessExecution;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionJobVertex;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;

/**
 * Case {@code objectstore} of suite {@code source}: the suite's table read from a simulated object
 * store ({@link LatencyFileSystem}: 20 ms to first byte per request, 100 MB/s per connection) and
 * from the local disk, by jobs of parallelism 1. Queries: the full scan and the 1 % range query on
 * {@code l_orderkey}. Contenders: pqx's source on the store ({@code pqx_store}, with its default
 * read-ahead and concurrent range reads), the same without read-ahead ({@code pqx_store_noahead}),
 * pqx on the local file ({@code pqx_local}), and Flink's {@code FileSource} with flink-parquet on
 * the store ({@code flink_store}). Prints per contender wall time, requests, bytes and the most
 * reads in flight; RESULT lines pqx on the store against Flink on the store ({@code <case>}),
 * against pqx local ({@code <case>_vs_local}) and without read-ahead ({@code <case>_readahead});
 * and the extra wall time on the store over local in round trips; for the range query, the least
 * job time on the store ({@link StoreFloor}) and the ratio against Flink it bounds.
 */
final class ObjectStoreCase implements SourceCase {
    static final String NAME = "objectstore";

    private enum Contender {
        PQX_STORE("pqx_store", true, true),
        PQX_STORE_NOAHEAD("pqx_store_noahead", true, true),
        PQX_LOCAL("pqx_local", false, true),
        FLINK_STORE("flink_store", true, false);

        final String label;
        final boolean store;
        final boolean pqx;

        Contender(String label, boolean store, boolean pqx) {
            this.label = label;
            this.store = store;
            this.pqx = pqx;
        }
    }

    private String file; // absolute local path
    private long tableRows;
    private final List<SourceQuery> queries = new ArrayList<>();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(SourceData data) {
        file = data.pqxFile().toAbsolutePath().toString();
        tableRows = data.rows();
        queries.add(data.query(SourceSuite.SCAN));
        queries.add(data.query(SourceSuite.RANGE));
    }

    /** Measures the suite's full scan and 1 % range query on its own MiniCluster. */
    @Override
    public void measure(DuckDbSession duckdb, BenchmarkArgs args, BenchmarkReport report)
            throws Exception {
        try (MiniClusterJobs jobs = MiniClusterJobs.start()) {
            measure(jobs, args, report);
        }
    }

    private void measure(MiniClusterJobs jobs, BenchmarkArgs args, BenchmarkReport report)
            throws Exception {
        report.info(
                "%s store: %d ms to first byte per request, %d MB/s per connection, jobs of"
                        + " parallelism 1",
                NAME,
                LatencyFileSystem.FIRST_BYTE_NANOS / 1_000_000,
                LatencyFileSystem.BYTES_PER_SECOND / 1_000_000);
        for (SourceQuery query : queries) {
            String name = NAME + "_" + query.name().replace("source_", "");
            Contender[] contenders = Contender.values();
            List<List<Long>> walls = new ArrayList<>();
            List<Long> localStartups = new ArrayList<>();
            long[][] last = new long[contenders.length][];
            List<LatencyFileSystem.Request> storeRequests = List.of();
            for (int c = 0; c < contenders.length; c++) {
                walls.add(new ArrayList<>());
            }
            for (int round = 0; round < args.warmups() + args.rounds(); round++) {
                StringBuilder line = new StringBuilder();
                for (int k = 0; k < contenders.length; k++) {
                    int c = (k + round) % contenders.length;
                    long[] run = run(jobs, query, contenders[c], report);
                    last[c] = run;
                    if (contenders[c] == Contender.PQX_STORE) {
                        storeRequests = LatencyFileSystem.trace();
                    }
                    line.append(String.format(" %s=%.2fs", contenders[c].label, run[0] / 1e9));
                    if (round >= args.warmups()) {
                        walls.get(c).add(run[0]);
                        if (contenders[c] == Contender.PQX_LOCAL) {
                            localStartups.add(run[4]);
                        }
                    }
                }
                report.info(
                        "%s %s%s",
                        round >= args.warmups()
                                ? String.format(
                                        "round %d/%d", round - args.warmups() + 1, args.rounds())
                                : String.format("warmup %d/%d", round + 1, args.warmups()),
                        name,
                        line);
            }
            double[] median = new double[contenders.length];
            for (int c = 0; c < contenders.length; c++) {
                median[c] = median(walls.get(c));
                long[] run = last[c];
                report.info(
                        "%s %s wall=%.3fs requests=%d bytes=%d most_in_flight=%d",
                        name, contenders[c].label, median[c] / 1e9, run[1], run[2], run[3]);
            }
            int store = Contender.PQX_STORE.ordinal();
            report.result(
                    new Comparison(
                            name + "_vs_local",
                            "pqx_local",
                            tableRows / median[store] * 1e9,
                            tableRows / median[Contender.PQX_LOCAL.ordinal()] * 1e9));
            report.result(
                    new Comparison(
                            name,
                            "flink_store",
                            tableRows / median[store] * 1e9,
                            tableRows / median[Contender.FLINK_STORE.ordinal()] * 1e9));
            report.result(
                    new Comparison(
                            name + "_readahead",
                            "pqx_store_noahead",
                            tableRows / median[store] * 1e9,
                            tableRows / median[Contender.PQX_STORE_NOAHEAD.ordinal()] * 1e9));
            double extraRtts =
                    (median[store] - median[Contender.PQX_LOCAL.ordinal()])
                            / LatencyFileSystem.FIRST_BYTE_NANOS;
            report.info(
                    "%s extra wall time on the store over local: %.1f round trips",
                    name, extraRtts);
            if (query.filters()) {
                reportFloor(
                        name,
                        StoreFloor.of(
                                (long) median[Contender.PQX_LOCAL.ordinal()],
                                (long) median(localStartups),
                                storeRequests,
                                LatencyFileSystem.FIRST_BYTE_NANOS,
                                LatencyFileSystem.BYTES_PER_SECOND),
                        median[store],
                        median[Contender.FLINK_STORE.ordinal()],
                        report);
            }
        }
    }

    /**
     * Prints {@code store_floor <case> ...}: the least job time on the store and what it bounds,
     * pqx's ratio against Flink's {@code FileSource} on the store ({@code ratio_at_most}).
     */
    static void reportFloor(
            String name,
            StoreFloor floor,
            double pqxNanos,
            double flinkNanos,
            BenchmarkReport report) {
        report.floor(
                "store_floor %s pqx_local=%.3fs round_trips=%d latency=%.3fs transfer=%.3fs"
                        + " startup_overlap=%.3fs floor=%.3fs pqx=%.3fs flink=%.3fs waves=%d"
                        + " ratio=%.2f ratio_at_most=%.2f (flink / floor)",
                name,
                floor.localNanos() / 1e9,
                StoreFloor.FILE_PATH_ROUND_TRIPS,
                floor.latencyNanos() / 1e9,
                floor.transferNanos() / 1e9,
                floor.startupOverlapNanos() / 1e9,
                floor.floorNanos() / 1e9,
                pqxNanos / 1e9,
                flinkNanos / 1e9,
                floor.waves(),
                flinkNanos / pqxNanos,
                flinkNanos / floor.floorNanos());
    }

    /**
     * One job: {wall nanos, requests, bytes, most in flight, start-up overlap nanos}; a wrong
     * result is a failure.
     */
    private long[] run(
            MiniClusterJobs jobs, SourceQuery query, Contender who, BenchmarkReport report)
            throws Exception {
        String runId = UUID.randomUUID().toString();
        String path = who.store ? LatencyFileSystem.uri(file) : "file://" + file;
        PqxCounters.reset();
        LatencyFileSystem.reset();
        long t0Millis = System.currentTimeMillis();
        long t0 = System.nanoTime();

        JobExecutionResult done =
                jobs.run(
                        NAME + " " + query.name() + " " + who.label,
                        env -> {
                            DataStream<RowData> rows =
                                    who.pqx
                                            ? pqxRows(env, path, query, who)
                                            : flinkRows(env, path, query);
                            rows.sinkTo(new CountingSink(runId, 0));
                        });
        long wall = System.nanoTime() - t0;

        if (who.store && LatencyFileSystem.tracing()) {
            for (LatencyFileSystem.Request request : LatencyFileSystem.trace()) {
                report.info("trace %s %s %s", query.name(), who.label, request.line());
            }
        }
        AccessExecutionGraph finished = jobs.finishedJob(done.getJobID());
        long startup = startupOverlapNanos(finished);
        if (LatencyFileSystem.tracing()) {
            report.info("trace %s %s %s", query.name(), who.label, phases(finished, t0Millis));
        }
        long[] result = CountingSink.take(runId);
        if (result == null || result[0] != query.rows() || result[1] != query.orderKeySum()) {
            report.failure(
                    "%s %s %s: read %s rows, l_orderkey sum %s; expected %d and %d",
                    NAME,
                    query.name(),
                    who.label,
                    result == null ? "no" : result[0],
                    result == null ? "none" : result[1],
                    query.rows(),
                    query.orderKeySum());
        }
        return who.store
                ? new long[] {
                    wall,
                    LatencyFileSystem.requests(),
                    LatencyFileSystem.bytes(),
                    LatencyFileSystem.mostInFlight(),
                    startup
                }
                : new long[] {wall, -1, PqxCounters.total("pqxBytesRead"), -1, startup};
    }

    /**
     * The job's phases in milliseconds since it was submitted (the cluster's clock): when it was
     * scheduled (the source's enumerator starting), and when its source task was deploying,
     * initializing (the reader opening), running (the reader asked for its first split) and
     * finished.
     */
    private static String phases(AccessExecutionGraph job, long submittedMillis) {
        AccessExecution task =
                job.getVerticesTopologically()
                        .iterator()
                        .next()
                        .getTaskVertices()[0]
                        .getCurrentExecutionAttempt();
        return String.format(
                "phases: job running +%dms, source task deploying +%dms, initializing +%dms,"
                        + " running +%dms, finished +%dms",
                job.getStatusTimestamp(JobStatus.RUNNING) - submittedMillis,
                task.getStateTimestamp(ExecutionState.DEPLOYING) - submittedMillis,
                task.getStateTimestamp(ExecutionState.INITIALIZING) - submittedMillis,
                task.getStateTimestamp(ExecutionState.RUNNING) - submittedMillis,
                task.getStateTimestamp(ExecutionState.FINISHED) - submittedMillis);
    }

    /**
     * From the job's start (its scheduling, when the source's enumerator starts) to its source
     * task's (the reader started and asked for its first split), in the cluster's milliseconds.
     */
    private static long startupOverlapNanos(AccessExecutionGraph job) {
        long jobRunning = job.getStatusTimestamp(JobStatus.RUNNING);
        AccessExecutionJobVertex source = job.getVerticesTopologically().iterator().next();
        long taskRunning =
                source.getTaskVertices()[0]
                        .getCurrentExecutionAttempt()
                        .getStateTimestamp(ExecutionState.RUNNING);
        return jobRunning > 0 && taskRunning >= jobRunning
                ? (taskRunning - jobRunning) * 1_000_000L
                : 0;
    }

    private static DataStream<RowData> pqxRows(
            StreamExecutionEnvironment env, String path, SourceQuery query, Contender who) {
        PqxSourceBuilder builder =
                PqxSource.builder()
                        .path(path)
                        .rowType(LineitemTable.ROW_TYPE)
                        .project(query.columns().toArray(String[]::new));
        if (who == Contender.PQX_STORE_NOAHEAD) {
            builder.set(PqxSourceOptions.READER_READ_AHEAD_BYTES, MemorySize.ZERO);
        }
        if (query.filters()) {
            builder.predicate(query.predicate());
        }
        return env.fromSource(builder.build(), WatermarkStrategy.noWatermarks(), "pqx");
    }

    /**
     * Flink's FileSource takes no predicate: the filter runs after it, as Flink's planner would.
     */
    private static DataStream<RowData> flinkRows(
            StreamExecutionEnvironment env, String path, SourceQuery query) {
        List<String> read = FlinkQueryReader.readColumns(query);
        DataStream<RowData> rows =
                env.fromSource(
                        FileSource.forBulkFileFormat(FlinkQueryReader.format(read), new Path(path))
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "flink");
        if (!query.filters()) {
            return rows;
        }
        int at = read.indexOf(query.filterColumn());
        long from = query.from();
        long to = query.to();
        return rows.filter(
                (FilterFunction<RowData>) row -> row.getLong(at) >= from && row.getLong(at) < to);
    }

    private static double median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
    }
}
