/**
 * Suite {@code sink} of {@code benchmarks/run}: pqx's sink against Flink's {@code FileSink} with
 * flink-parquet's writer, both as real Flink jobs.
 *
 * <p>How a run goes: {@link io.pqx.bench.sink.SinkSuite} generates the {@code format} suite's
 * lineitem-like table in memory (untimed), registers it with {@link io.pqx.bench.sink.TableRows}
 * and starts one {@link io.pqx.bench.sink.MiniClusterJobs} cluster. {@link
 * io.pqx.bench.sink.SinkRounds} then runs, per round, one job per {@link
 * io.pqx.bench.sink.SinkContender} (bounded {@code DataGeneratorSource} over the table's indexes,
 * chained into the sink, parallelism 1, object reuse on, no checkpoints) and times it from
 * submission to its end; contenders alternate who goes first. {@link io.pqx.bench.sink.SinkOutput}
 * lists what each job committed; after the rounds, {@link io.pqx.bench.sink.TableComparison} reads
 * it back with pqx's reader, row by row against the input.
 *
 * <p>Both sinks get the {@code format} suite's {@code FormatSettings.standard()}: ZSTD level 3,
 * 1,000,000-row row groups (byte bounds out of reach), 1 MiB pages and dictionary pages, at most
 * 20,000 rows per page, dictionary on, data pages v1.
 */
package io.pqx.bench.sink;
