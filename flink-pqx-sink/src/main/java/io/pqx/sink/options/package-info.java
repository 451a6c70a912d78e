/**
 * <b>Public API.</b> The enumerated values of the sink's options ({@code sink.row-group.mode},
 * {@code sink.statistics.level}, {@code sink.partition-commit.trigger}), each with the description
 * the option documentation shows. Depends on no other pqx package.
 */
package io.pqx.sink.options;
