/**
 * Internal. Lists the files under the source's paths: recursively, skipping hidden and in-progress
 * entries, with the Hive-style partition values of their directories.
 */
package io.pqx.source.discovery;
