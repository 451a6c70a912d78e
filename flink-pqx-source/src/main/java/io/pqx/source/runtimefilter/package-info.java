/**
 * <b>Public API.</b> Runtime filters into a running pqx source: {@link
 * io.pqx.source.runtimefilter.RuntimeFilters#publish} makes an operator of the same job (the build
 * side of a join) publish the keys it saw as a filter for a {@code DynamicSlot} of the source's
 * predicate; {@link io.pqx.source.runtimefilter.RuntimeFilterEvent} is the filter as the source's
 * enumerator and readers receive it (a FLIP-27 {@code SourceEvent}), with its versioned serialized
 * form ({@link io.pqx.source.runtimefilter.RuntimeFilterEventSerializer}); {@link
 * io.pqx.source.runtimefilter.BloomKeyFilter} is its optional key set. Built on Flink's operator
 * coordinators (see the module README, <i>Runtime filters</i>).
 */
package io.pqx.source.runtimefilter;
