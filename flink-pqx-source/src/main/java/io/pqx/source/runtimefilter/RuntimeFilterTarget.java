package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.ColumnRef;

import org.apache.flink.table.types.logical.LogicalType;

import java.io.Serializable;
import java.util.Objects;

/**
 * Where a runtime filter goes: the dynamic slot {@code slot} on {@code column} (of type {@code
 * keyType}) of the pqx source that listens on {@code listeningId} (its coordinator's key in
 * Flink's coordinator store). From {@code PqxSource.runtimeFilterTarget(slot)}. Immutable.
 */
public record RuntimeFilterTarget(String listeningId, String slot, ColumnRef column, LogicalType keyType)
        implements Serializable {
    public RuntimeFilterTarget {
        Objects.requireNonNull(listeningId, "listeningId");
        Objects.requireNonNull(slot, "slot");
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(keyType, "keyType");
    }
}
