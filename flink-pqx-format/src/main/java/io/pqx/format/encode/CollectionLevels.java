package io.pqx.format.encode;

/**
 * The Dremel levels a LIST or MAP writes: a null collection at {@code nullDefinition} (-1 when it
 * is NOT NULL), an empty one at {@code emptyDefinition}, and every entry after the first at {@code
 * repetitionLevel}.
 */
record CollectionLevels(int nullDefinition, int emptyDefinition, int repetitionLevel) {}
