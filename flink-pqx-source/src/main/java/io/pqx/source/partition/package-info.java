/**
 * Internal. A file's Hive-style partition values typed as the requested columns ({@link
 * io.pqx.source.partition.PartitionValues}): the enumerator prunes files by them, the readers fill
 * partition columns with them, and {@code ListedFile} hands them to users, all with one parsing.
 */
package io.pqx.source.partition;
