/**
 * <b>Public API.</b> The split, as Flink's FLIP-27 interfaces type it: the {@link
 * io.pqx.source.split.RowGroupSplit} (a run of row groups of one file, with the position of the
 * next row to emit), an immutable value whose serialized form is versioned ({@link
 * io.pqx.source.split.RowGroupSplit#serializer()}) and stays readable across pqx versions (golden
 * bytes in the tests). Depends on no other pqx package.
 *
 * <p>Public because {@code PqxSource}'s signature names it (a {@code Source<RowData, RowGroupSplit,
 * PqxEnumeratorState>}), as the sink's committable and writer state are. Its {@code @Internal}
 * serial helpers ({@code SerialForm}, the split serializer's stream form) are shared with the
 * enumerator state's serializer, which embeds pending splits in the split's form.
 */
package io.pqx.source.split;
