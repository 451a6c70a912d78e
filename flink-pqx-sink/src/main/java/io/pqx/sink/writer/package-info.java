/**
 * <b>Internal.</b> The sink writer of one subtask: routing rows to partition files, the LRU of open
 * files, rolling, checkpoints, the subtask's encoding pool, resolved settings, POJO conversion.
 */
package io.pqx.sink.writer;
