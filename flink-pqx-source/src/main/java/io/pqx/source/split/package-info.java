/**
 * <b>Public API.</b> What the source checkpoints, as Flink's FLIP-27 interfaces type it: the {@link
 * io.pqx.source.split.RowGroupSplit} (a run of row groups of one file, with the position of the
 * next row to emit) and the {@link io.pqx.source.split.PqxEnumeratorState}. Both are immutable
 * values; their serialized forms are versioned ({@link
 * io.pqx.source.split.RowGroupSplit#serializer()}, {@link
 * io.pqx.source.split.PqxEnumeratorState#serializer()}) and stay readable across pqx versions
 * (golden bytes in the tests). Depends on no other pqx package than {@code
 * io.pqx.source.runtimefilter} (the enumerator state holds the runtime filters received).
 *
 * <p>Public because {@code PqxSource}'s signature names them (a {@code Source<RowData,
 * RowGroupSplit, PqxEnumeratorState>}), as the sink's committable and writer state are.
 */
package io.pqx.source.split;
