package io.pqx.source.runtimefilter;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.transformations.SourceTransformation;

/**
 * Publishes runtime filters into a running pqx source, from another operator of the same job.
 *
 * <pre>{@code
 * PqxSource<RowData> orders = PqxSource.builder().path(...).rowType(type)
 *     .runtimeFilter("customers", "customer_id")   // a dynamic slot on orders.customer_id
 *     .build();
 * DataStreamSource<RowData> facts = env.fromSource(orders, WatermarkStrategy.noWatermarks(), "orders");
 * DataStream<Customer> dims = env.fromSource(customerSource, ...);           // bounded
 * DataStream<Customer> passed = RuntimeFilters.publish(dims, c -> c.id, facts, "customers");
 * passed.connect(facts).keyBy(...).process(new HashJoin())...;              // join as usual
 * }</pre>
 *
 * <p><b>Guarantees.</b> The publisher passes every record on unchanged. When every one of its
 * subtasks has reached the end of its input it publishes the filter of all keys seen (their range
 * and a bloom filter; EMPTY when there was none); the source's enumerator drops the pending splits
 * the filter proves empty and its readers drop the rows whose key the filter rules out (nulls
 * always). Before the filter arrives, and if the build side never ends, the source reads
 * everything. So a join's result is the same with and without the filter, as long as the build side
 * is bounded and the join only needs fact rows whose key is a build key (an inner join, or a semi
 * join on the fact side). The filter survives failovers: the publisher keeps its keys in operator
 * state and its coordinator keeps the subtasks' partial filters in its checkpoint; the enumerator
 * keeps the filter in its checkpoint and re-sends it to readers that register.
 *
 * <p><b>How.</b> Flink's operator coordinators, as dynamic partition pruning uses them: the
 * source's transformation gets the source's listening ID ({@code
 * PqxSource.runtimeFilterListeningId()}), under which its coordinator registers in the job's
 * coordinator store; the publisher's coordinator looks it up there. This relies on Flink classes
 * marked {@code @Internal} (pinned by a version test to Flink 2.3).
 */
@PublicEvolving
public final class RuntimeFilters {
    private RuntimeFilters() {}

    /**
     * Publishes the keys of {@code buildSide} into dynamic slot {@code slot} of the pqx source of
     * {@code facts}, once {@code buildSide} has ended, and returns {@code buildSide} passed through
     * the publisher (use it in place of {@code buildSide}, so the publisher is part of the job).
     * The bloom filter is sized by the source's options ({@code
     * source.runtime-filter.expected-keys}, {@code source.runtime-filter.false-positive-rate}).
     *
     * @param key a record's key: a Java value of the slot's column type ({@code Long} or {@code
     *     Integer} for BIGINT, {@code String} for VARCHAR, ...) or Flink's internal form; null keys
     *     match nothing and are left out
     * @throws IllegalArgumentException when {@code facts} is not read by a source that takes
     *     runtime filters, its predicate has no slot named {@code slot}, or the slot's column has a
     *     type no filter compares
     * @throws IllegalStateException when the source already listens under another ID
     */
    public static <T> SingleOutputStreamOperator<T> publish(
            DataStream<T> buildSide,
            KeySelector<T, ?> key,
            DataStreamSource<?> facts,
            String slot) {
        Transformation<?> transformation = facts.getTransformation();
        if (!(transformation instanceof SourceTransformation<?, ?, ?> source)
                || !(source.getSource() instanceof RuntimeFilterSource pqx)) {
            throw new IllegalArgumentException(
                    "Cannot publish a runtime filter for slot "
                            + slot
                            + ": stream "
                            + transformation.getName()
                            + " is not read by a pqx source");
        }
        RuntimeFilterTarget target = pqx.runtimeFilterTarget(slot);
        String existing = source.getCoordinatorListeningID();
        if (existing != null && !existing.equals(target.listeningId())) {
            throw new IllegalStateException(
                    "Cannot publish a runtime filter for slot "
                            + slot
                            + ": source "
                            + transformation.getName()
                            + " already listens on "
                            + existing
                            + " (a source has one listening ID)");
        }
        source.setCoordinatorListeningID(target.listeningId());
        RuntimeFilterPublisher<T> factory =
                new RuntimeFilterPublisher<>(
                        target, buildSide.getExecutionEnvironment().clean(key));
        SingleOutputStreamOperator<T> out =
                buildSide.transform(
                        "pqx-runtime-filter[" + slot + "]", buildSide.getType(), factory);
        int parallelism = buildSide.getParallelism();
        if (parallelism > 0) {
            out.setParallelism(parallelism);
        }
        return out;
    }
}
