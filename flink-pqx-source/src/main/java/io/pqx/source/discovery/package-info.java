/**
 * Internal, JobManager only. Lists the files under the source's paths: recursively, skipping hidden
 * and in-progress entries, with the Hive-style partition values of their directories (as text;
 * {@code io.pqx.source.partition} types them).
 */
package io.pqx.source.discovery;
