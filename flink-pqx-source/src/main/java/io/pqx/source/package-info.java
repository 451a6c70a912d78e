/**
 * <b>Public API.</b> {@link io.pqx.source.PqxSource} (a FLIP-27 {@code Source<RowData, ...>}), its
 * {@link io.pqx.source.PqxSourceBuilder} and every option, {@link io.pqx.source.PqxSourceOptions}.
 */
package io.pqx.source;
