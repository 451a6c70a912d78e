package io.pqx.sink;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.transformations.WithBoundedness;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warns, once per sink when the job graph is built on the client, that the sink is not exactly
 * once: in STREAMING mode without checkpointing files are committed only at the end of input, and a
 * failure restarts the job from its beginning, so the rows of subtasks that had already finished
 * and committed are written again. Exactly once needs checkpointing or BATCH mode (Flink's own
 * semantics; the sink cannot change them). Stateless.
 */
final class DeliveryGuaranteeCheck {
    private static final Logger LOG = LoggerFactory.getLogger(DeliveryGuaranteeCheck.class);

    private DeliveryGuaranteeCheck() {}

    /** Logs the warning if the job of {@code committed} runs as described above. */
    static void warnIfNotExactlyOnce(DataStream<?> committed, String basePath) {
        StreamExecutionEnvironment env = committed.getExecutionEnvironment();
        warning(
                        env.getConfiguration().get(ExecutionOptions.RUNTIME_MODE),
                        hasUnboundedSource(env, committed),
                        env.getCheckpointConfig().isCheckpointingEnabled(),
                        basePath)
                .ifPresent(LOG::warn);
    }

    /**
     * Whether the job of {@code committed} runs in STREAMING mode: so configured, or AUTOMATIC with
     * an unbounded source (as Flink decides).
     */
    static boolean runsStreaming(DataStream<?> committed) {
        StreamExecutionEnvironment env = committed.getExecutionEnvironment();
        return streaming(
                env.getConfiguration().get(ExecutionOptions.RUNTIME_MODE),
                hasUnboundedSource(env, committed));
    }

    /**
     * Whether the job of {@code committed} takes periodic checkpoints: it runs in STREAMING mode
     * (see {@link #runsStreaming}) with checkpointing enabled. A BATCH job takes none.
     */
    static boolean takesPeriodicCheckpoints(DataStream<?> committed) {
        return runsStreaming(committed)
                && committed
                        .getExecutionEnvironment()
                        .getCheckpointConfig()
                        .isCheckpointingEnabled();
    }

    private static boolean streaming(RuntimeExecutionMode mode, boolean unboundedSource) {
        return mode == RuntimeExecutionMode.STREAMING
                || (mode == RuntimeExecutionMode.AUTOMATIC && unboundedSource);
    }

    /**
     * The warning, if the job is STREAMING (so, or AUTOMATIC with an unbounded source, as Flink
     * decides) and has no checkpointing.
     */
    static Optional<String> warning(
            RuntimeExecutionMode mode,
            boolean unboundedSource,
            boolean checkpointing,
            String basePath) {
        if (!streaming(mode, unboundedSource) || checkpointing) {
            return Optional.empty();
        }
        return Optional.of(
                "PqxSink to "
                        + basePath
                        + " runs in STREAMING mode without checkpointing, so it is not exactly"
                        + " once: files are committed only at the end of input, and after a"
                        + " failure the job restarts from its beginning and writes again the rows"
                        + " of subtasks that had already committed (duplicates). Enable"
                        + " checkpointing (execution.checkpointing.interval) or run in BATCH"
                        + " mode (execution.runtime-mode).");
    }

    private static boolean hasUnboundedSource(
            StreamExecutionEnvironment env, DataStream<?> committed) {
        List<Transformation<?>> all = new ArrayList<>(env.getTransformations());
        all.add(committed.getTransformation());
        for (Transformation<?> t : all) {
            if (isUnbounded(t)) {
                return true;
            }
            for (Transformation<?> p : t.getTransitivePredecessors()) {
                if (isUnbounded(p)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isUnbounded(Transformation<?> t) {
        return t instanceof WithBoundedness b
                && b.getBoundedness() == Boundedness.CONTINUOUS_UNBOUNDED;
    }
}
