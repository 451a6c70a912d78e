/**
 * <b>Public API.</b> What the sink checkpoints, as Flink's Sink V2 interfaces type it: the
 * committable of one written file and the writer state. Their serialized forms are versioned and
 * stay readable across pqx versions. Depends on no other pqx package.
 */
package io.pqx.sink.state;
