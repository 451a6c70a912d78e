package io.pqx.bench.source;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.Throughput;
import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.LineitemTable;
import io.pqx.bench.format.PqxTableWriter;
import io.pqx.bench.sink.MiniClusterJobs;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceOptions;
import io.pqx.source.runtimefilter.RuntimeFilters;
import io.pqx.tools.metrics.PqxCounters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.formats.parquet.ParquetColumnarRowInputFormat;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code source_runtime_filter_1pct}: a semi-join of the lineitem table with a bounded build side
 * holding 1 % of the order keys (the distinct keys of a contiguous 1 % of the rows, in key order),
 * which publishes them as a runtime filter ({@link RuntimeFilters#publish}) into the pqx source of
 * the table. The table is written for this query with 100,000-row row groups (one split each), so
 * that the first split, read before the filter arrives, is a small part of it; the source's first
 * row is held ({@link FilterGate}) until its enumerator has applied the filter, as in a job whose
 * build side ends first. Contenders: pqx with the filter, pqx with the slot but no filter published
 * ({@code pqx_nofilter}), Flink's {@code FileSource} followed by the same semi-join. Prints rows
 * decoded and bytes read, and judges the runtime filter's target: rows decoded at most 5 % of the
 * table.
 */
final class RuntimeFilterCase {
    static final String NAME = "source_runtime_filter_1pct";

    private final Path file;
    private final long tableRows;
    private final List<Long> keys;
    private final long rows;
    private final long orderKeySum;

    private RuntimeFilterCase(
            Path file, long tableRows, List<Long> keys, long rows, long orderKeySum) {
        this.file = file;
        this.tableRows = tableRows;
        this.keys = keys;
        this.rows = rows;
        this.orderKeySum = orderKeySum;
    }

    /** Writes the table with 100,000-row row groups and picks the keys. */
    static RuntimeFilterCase write(List<RowData> table, Path dir, BenchmarkReport report)
            throws Exception {
        FormatSettings standard = FormatSettings.standard();
        FormatSettings small =
                new FormatSettings(
                        standard.codec(),
                        standard.zstdLevel(),
                        100_000,
                        standard.pageSizeBytes(),
                        standard.dictionaryPageSizeBytes(),
                        standard.pageRowLimit());
        Path file = dir.resolve("lineitem-rg100k.parquet");
        new PqxTableWriter(small).write(table, file);
        int from = table.size() * 30 / 100;
        int to = table.size() * 31 / 100;
        List<Long> keys = new ArrayList<>();
        HashSet<Long> set = new HashSet<>();
        for (int i = from; i < to; i++) {
            long key = table.get(i).getLong(0);
            if (set.add(key)) {
                keys.add(key);
            }
        }
        long rows = 0;
        long sum = 0;
        for (RowData row : table) {
            if (set.contains(row.getLong(0))) {
                rows++;
                sum += row.getLong(0);
            }
        }
        report.info(
                "query %s: %d build keys (of the keys of rows [%d, %d)), %d matching rows, file %s"
                        + " %d bytes (row groups of 100000 rows)",
                NAME, keys.size(), from, to, rows, file.getFileName(), Files.size(file));
        return new RuntimeFilterCase(file, table.size(), keys, rows, sum);
    }

    private enum Contender {
        PQX("pqx"),
        PQX_NOFILTER("pqx_nofilter"),
        FLINK("flink");

        final String label;

        Contender(String label) {
            this.label = label;
        }
    }

    void measure(MiniClusterJobs jobs, int warmups, int rounds, BenchmarkReport report)
            throws Exception {
        Contender[] contenders = Contender.values();
        Throughput[] wall = new Throughput[contenders.length];
        long[][] last = new long[contenders.length][];
        for (int c = 0; c < contenders.length; c++) {
            wall[c] = new Throughput();
        }
        for (int round = 0; round < warmups + rounds; round++) {
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < contenders.length; k++) {
                int c = (k + round) % contenders.length;
                long[] run = run(jobs, contenders[c], report);
                last[c] = run;
                line.append(String.format(" %s=%.2fs", contenders[c].label, run[0] / 1e9));
                if (round >= warmups) {
                    wall[c].add(tableRows, run[0]);
                }
            }
            report.info(
                    "%s %s%s",
                    round >= warmups
                            ? String.format("round %d/%d", round - warmups + 1, rounds)
                            : String.format("warmup %d/%d", round + 1, warmups),
                    NAME,
                    line);
        }
        long fileBytes = Files.size(file);
        for (Contender c : new Contender[] {Contender.PQX, Contender.PQX_NOFILTER}) {
            long[] run = last[c.ordinal()];
            report.info(
                    "read %s %s bytes=%d (%.2f%% of the file) rows_decoded=%d (%.2f%% of the"
                            + " table)",
                    NAME,
                    c.label,
                    run[1],
                    100.0 * run[1] / fileBytes,
                    run[2],
                    100.0 * run[2] / tableRows);
        }
        double decoded = 100.0 * last[Contender.PQX.ordinal()][2] / tableRows;
        report.info(
                "target %s rows_decoded=%.2f%% target<=5%%: %s",
                NAME, decoded, decoded <= 5 ? "met" : "NOT met");
        report.result(
                new Comparison(
                        NAME,
                        "flink",
                        wall[Contender.PQX.ordinal()].median(),
                        wall[Contender.FLINK.ordinal()].median()));
        report.result(
                new Comparison(
                        NAME + "_filter",
                        "pqx_nofilter",
                        wall[Contender.PQX.ordinal()].median(),
                        wall[Contender.PQX_NOFILTER.ordinal()].median()));
    }

    /** One job: {wall nanos, bytes read, rows decoded}; a wrong join result is a failure. */
    private long[] run(MiniClusterJobs jobs, Contender who, BenchmarkReport report)
            throws Exception {
        String runId = UUID.randomUUID().toString();
        HashSet<Long> keySet = new HashSet<>(keys);
        PqxCounters.reset();
        long t0 = System.nanoTime();
        jobs.run(
                NAME + " " + who.label,
                env -> {
                    DataStream<RowData> facts =
                            who == Contender.FLINK ? flinkFacts(env) : pqxFacts(env, who);
                    facts.filter((FilterFunction<RowData>) row -> keySet.contains(row.getLong(0)))
                            .sinkTo(new CountingSink(runId, 0));
                });
        long wall = System.nanoTime() - t0;
        long[] result = CountingSink.take(runId);
        if (result == null || result[0] != rows || result[1] != orderKeySum) {
            report.failure(
                    "%s %s: joined %s rows, l_orderkey sum %s; expected %d and %d",
                    NAME,
                    who.label,
                    result == null ? "no" : result[0],
                    result == null ? "none" : result[1],
                    rows,
                    orderKeySum);
        }
        return new long[] {
            wall, PqxCounters.total("pqxBytesRead"), PqxCounters.total("pqxRowsDecoded")
        };
    }

    private DataStream<RowData> pqxFacts(StreamExecutionEnvironment env, Contender who) {
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(file.toUri().toString())
                        .rowType(LineitemTable.ROW_TYPE)
                        .project("l_orderkey", "l_extendedprice")
                        .runtimeFilter("keys", "l_orderkey")
                        .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                        .build();
        DataStreamSource<RowData> facts =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx");
        if (who == Contender.PQX) {
            DataStream<Long> build = env.fromData(keys);
            RuntimeFilters.publish(build, k -> k, facts, "keys").sinkTo(new DiscardingSink<>());
        }
        return facts.map(new FilterGate(who == Contender.PQX)).returns(source.getProducedType());
    }

    private DataStream<RowData> flinkFacts(StreamExecutionEnvironment env) {
        RowType type =
                RowType.of(
                        false,
                        new LogicalType[] {
                            LineitemTable.COLUMNS.get(LineitemTable.indexOf("l_orderkey")).type(),
                            LineitemTable.COLUMNS
                                    .get(LineitemTable.indexOf("l_extendedprice"))
                                    .type()
                        },
                        new String[] {"l_orderkey", "l_extendedprice"});
        ParquetColumnarRowInputFormat<FileSourceSplit> format =
                new ParquetColumnarRowInputFormat<>(
                        new Configuration(), type, InternalTypeInfo.of(type), 2048, true, true);
        return env.fromSource(
                FileSource.forBulkFileFormat(
                                format, new org.apache.flink.core.fs.Path(file.toUri()))
                        .build(),
                WatermarkStrategy.noWatermarks(),
                "flink");
    }
}
