package io.pqx.format.predicate;

import java.util.Objects;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The value of a {@link DynamicSlot}: which keys of {@link #keyColumn()} may match, published while
 * the query runs. Nulls never match a filter in state RANGE or EMPTY. Immutable.
 *
 * <ul>
 *   <li>{@link State#PENDING}: not known yet; keeps every row (check again later).
 *   <li>{@link State#DISABLED}: there will be none (too many keys, say); keeps every row.
 *   <li>{@link State#EMPTY}: no key matches; keeps no row.
 *   <li>{@link State#RANGE}: a key matches only if it lies in {@code [min, max]} and, when a {@link
 *       KeyFilter} is given, the filter may contain it.
 * </ul>
 */
@PublicEvolving
public final class RuntimeFilter {

    /** The state of a runtime filter. */
    public enum State {
        PENDING,
        DISABLED,
        EMPTY,
        RANGE
    }

    private final State state;
    private final ColumnRef keyColumn;
    private final Literal min;
    private final Literal max;
    private final KeyFilter keys;

    private RuntimeFilter(
            State state, ColumnRef keyColumn, Literal min, Literal max, KeyFilter keys) {
        this.state = state;
        this.keyColumn = Objects.requireNonNull(keyColumn, "keyColumn");
        this.min = min;
        this.max = max;
        this.keys = keys;
    }

    /** A filter not known yet. */
    public static RuntimeFilter pending(ColumnRef keyColumn) {
        return new RuntimeFilter(State.PENDING, keyColumn, null, null, null);
    }

    /** A filter there will not be. */
    public static RuntimeFilter disabled(ColumnRef keyColumn) {
        return new RuntimeFilter(State.DISABLED, keyColumn, null, null, null);
    }

    /** A filter no key matches. */
    public static RuntimeFilter empty(ColumnRef keyColumn) {
        return new RuntimeFilter(State.EMPTY, keyColumn, null, null, null);
    }

    /** Keys in {@code [min, max]} (literals typed by the key column, see {@link Literal}). */
    public static RuntimeFilter range(ColumnRef keyColumn, Object min, Object max) {
        return new RuntimeFilter(State.RANGE, keyColumn, Literal.of(min), Literal.of(max), null);
    }

    /** Keys in {@code [min, max]} that {@code keys} may contain. */
    public static RuntimeFilter range(ColumnRef keyColumn, Object min, Object max, KeyFilter keys) {
        return new RuntimeFilter(
                State.RANGE,
                keyColumn,
                Literal.of(min),
                Literal.of(max),
                Objects.requireNonNull(keys, "keys"));
    }

    public State state() {
        return state;
    }

    /** The column whose values the filter is about. */
    public ColumnRef keyColumn() {
        return keyColumn;
    }

    /** The least key that may match, in state RANGE. */
    public Optional<Literal> min() {
        return Optional.ofNullable(min);
    }

    /** The greatest key that may match, in state RANGE. */
    public Optional<Literal> max() {
        return Optional.ofNullable(max);
    }

    /** The finer key set, in state RANGE when one was given. */
    public Optional<KeyFilter> keys() {
        return Optional.ofNullable(keys);
    }

    /** Whether the filter keeps every row (PENDING, DISABLED). */
    public boolean keepsAll() {
        return state == State.PENDING || state == State.DISABLED;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RuntimeFilter other
                && state == other.state
                && keyColumn.equals(other.keyColumn)
                && Objects.equals(min, other.min)
                && Objects.equals(max, other.max)
                && keys == other.keys;
    }

    @Override
    public int hashCode() {
        return Objects.hash(state, keyColumn, min, max);
    }

    @Override
    public String toString() {
        return switch (state) {
            case RANGE ->
                    "RuntimeFilter{"
                            + keyColumn
                            + " BETWEEN "
                            + min
                            + " AND "
                            + max
                            + (keys != null ? " AND IN keys" : "")
                            + "}";
            default -> "RuntimeFilter{" + keyColumn + " " + state + "}";
        };
    }
}
