/**
 * Internal. The split enumerator: discovery once (bounded) or every interval (continuous), footer
 * planning off the coordinator thread, assignment on request, and the bounded record of what was
 * seen ({@link io.pqx.source.enumerator.SeenFiles}).
 */
package io.pqx.source.enumerator;
