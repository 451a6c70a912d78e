package io.pqx.e2e.interop;

import java.util.Random;
import javax.annotation.Nullable;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * A generator of values of one Flink type for the write-direction interop test: each draw gives the
 * Flink internal value to hand to pqx's writer and the JSON token that value must render as
 * (JSON-RENDERING.md, for the Parquet type pqx writes for that Flink type). Expected renderings are
 * thus computed from the input, not read back. {@link TestingFlinkSamples} builds them.
 */
interface FlinkSample {

    /** One drawn value: Flink internal representation ({@code null} for SQL NULL) and its JSON. */
    record Value(@Nullable Object internal, String json) {}

    LogicalType type();

    Value draw(Random random);
}
