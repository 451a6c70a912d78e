/**
 * The split enumerator (JobManager): discovery once (bounded) or every interval (continuous),
 * footer planning off the coordinator thread in bounded batches whose splits are handed out as each
 * ends (with a watermark column: in event-time order, a bounded source once its whole listing is
 * planned), assignment on request, runtime filters and dynamic partition pruning, and the bounded
 * record of what was seen ({@link io.pqx.source.enumerator.SeenFiles}).
 *
 * <p><b>Public API:</b> what the enumerator checkpoints, {@link
 * io.pqx.source.enumerator.PqxEnumeratorState} (with its {@link io.pqx.source.enumerator.SeenFile}s
 * and {@link io.pqx.source.enumerator.UnplannedFile}s), an immutable value whose serialized form is
 * versioned ({@link io.pqx.source.enumerator.PqxEnumeratorState#serializer()}) and stays readable
 * across pqx versions (golden bytes in the tests); public because {@code PqxSource}'s signature
 * names it. Everything else here is {@code @Internal}.
 */
package io.pqx.source.enumerator;
