/**
 * Internal. Turns discovered files into splits: reads their footers on a bounded pool (cached), and
 * cuts each file's row groups into runs sized by bytes.
 */
package io.pqx.source.planning;
