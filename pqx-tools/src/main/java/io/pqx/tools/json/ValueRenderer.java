package io.pqx.tools.json;

/**
 * Appends one non-null Flink internal value ({@code Integer}, {@code StringData}, {@code
 * DecimalData}, {@code ArrayData}, ...) as a JSON value token. One instance per schema node, built
 * once by {@link JsonRowRenderer}; stateless and thread-safe.
 */
@FunctionalInterface
interface ValueRenderer {

    void append(StringBuilder sb, Object value);
}
