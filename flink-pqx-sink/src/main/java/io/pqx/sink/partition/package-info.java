/**
 * <b>Internal.</b> Partition paths (computed and escaped as Flink's filesystem connector does) and
 * partition commits ({@code _SUCCESS}).
 */
package io.pqx.sink.partition;
