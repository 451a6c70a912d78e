/**
 * <b>Internal.</b> Publishing committed files (idempotently, with backoff) and the committable
 * serializer.
 */
package io.pqx.sink.committer;
