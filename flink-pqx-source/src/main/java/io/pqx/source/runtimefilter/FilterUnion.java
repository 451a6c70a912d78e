package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.ColumnDomain;
import io.pqx.format.predicate.Literal;
import io.pqx.format.predicate.RuntimeFilter;
import java.util.Collection;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * The filter of the keys of several partial filters (one per publisher subtask): a key any of them
 * may hold, the union may hold. EMPTY is the union's identity; DISABLED (or PENDING) absorbs all;
 * two RANGEs give the wider range and the union of their bloom filters (or none, when one has
 * none). Pure functions.
 */
final class FilterUnion {
    private FilterUnion() {}

    static RuntimeFilterEvent of(Collection<RuntimeFilterEvent> partials, LogicalType keyType) {
        RuntimeFilterEvent out = null;
        for (RuntimeFilterEvent p : partials) {
            out = out == null ? p : union(out, p, keyType);
        }
        if (out == null) {
            throw new IllegalArgumentException("Cannot unite no partial filter");
        }
        return out;
    }

    static RuntimeFilterEvent union(
            RuntimeFilterEvent a, RuntimeFilterEvent b, LogicalType keyType) {
        if (!a.slot().equals(b.slot()) || !a.column().equals(b.column())) {
            throw new IllegalArgumentException(
                    "Cannot unite filters of different slots: " + a + " and " + b);
        }
        if (a.filter().keepsAll()) {
            return a;
        }
        if (b.filter().keepsAll()) {
            return b;
        }
        if (a.state() == RuntimeFilter.State.EMPTY) {
            return b;
        }
        if (b.state() == RuntimeFilter.State.EMPTY) {
            return a;
        }
        ColumnDomain domain = ColumnDomain.of(keyType);
        Literal min = lower(domain, keyType, a.min().orElseThrow(), b.min().orElseThrow());
        Literal max = higher(domain, keyType, a.max().orElseThrow(), b.max().orElseThrow());
        BloomKeyFilter keys =
                a.keys().isPresent() && b.keys().isPresent()
                        ? a.keys().get().union(b.keys().get())
                        : null;
        return new RuntimeFilterEvent(
                a.slot(), RuntimeFilter.State.RANGE, a.column(), min, max, keys);
    }

    /** The greater of two bounds ({@code x} when equal). */
    private static Literal higher(ColumnDomain domain, LogicalType type, Literal x, Literal y) {
        return domain.compare(ColumnDomain.coerce(x, type), ColumnDomain.coerce(y, type)) >= 0
                ? x
                : y;
    }

    /** The lesser of two bounds ({@code x} when equal). */
    private static Literal lower(ColumnDomain domain, LogicalType type, Literal x, Literal y) {
        return domain.compare(ColumnDomain.coerce(x, type), ColumnDomain.coerce(y, type)) <= 0
                ? x
                : y;
    }
}
