/**
 * Internal, both sides. The source's watermark column: which column holds a row's event time and
 * how its values and statistics become epoch milliseconds. The enumerator orders splits by it, the
 * reader stamps rows and bounds watermarks by it.
 */
package io.pqx.source.eventtime;
