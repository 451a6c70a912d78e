package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.ColumnRef;
import java.io.Serializable;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * Where a runtime filter goes, and how a publisher builds it: the dynamic slot {@code slot} on
 * {@code column} (of type {@code keyType}) of the source that listens on {@code listeningId} (its
 * coordinator's key in Flink's coordinator store); the publisher's bloom filter is sized for {@code
 * expectedKeys} keys at false-positive rate {@code falsePositiveRate}. From {@link
 * RuntimeFilterSource#runtimeFilterTarget}. Immutable.
 */
@PublicEvolving
public record RuntimeFilterTarget(
        String listeningId,
        String slot,
        ColumnRef column,
        LogicalType keyType,
        long expectedKeys,
        double falsePositiveRate)
        implements Serializable {
    public RuntimeFilterTarget {
        Objects.requireNonNull(listeningId, "listeningId");
        Objects.requireNonNull(slot, "slot");
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(keyType, "keyType");
        BloomKeyFilter.shape(expectedKeys, falsePositiveRate); // refuses a size out of range
    }
}
