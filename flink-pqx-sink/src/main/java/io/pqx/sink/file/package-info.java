/**
 * <b>Internal.</b> One part file being written (an in-progress file of Flink's recoverable writer
 * with the format's writer on it) and where its row groups end: the cutters, the cut rule, sort-by.
 */
package io.pqx.sink.file;
