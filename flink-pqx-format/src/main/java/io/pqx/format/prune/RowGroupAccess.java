package io.pqx.format.prune;

import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * How a read touches one row group of {@code rows} rows: {@link Kind#SKIP} (not at all), {@link
 * Kind#SCAN} (every row, filtered), {@link Kind#SELECT} (only the rows of a {@link RowSelection},
 * filtered) or {@link Kind#ALL_MATCH} (every row, every one known to match, so the row filter may
 * be left out). Immutable.
 *
 * <p>A selection of every row is a SCAN and an empty one a SKIP: each access has one form, so equal
 * accesses are {@code equals}.
 */
@PublicEvolving
public final class RowGroupAccess {

    /** The kinds of access, from the narrowest. */
    public enum Kind {
        SKIP,
        SELECT,
        SCAN,
        ALL_MATCH
    }

    private final Kind kind;
    private final long rows;
    private final RowSelection selection;

    private RowGroupAccess(Kind kind, long rows, RowSelection selection) {
        this.kind = kind;
        this.rows = rows;
        this.selection = selection;
    }

    public static RowGroupAccess skip(long rows) {
        return new RowGroupAccess(Kind.SKIP, checkRows(rows), RowSelection.none());
    }

    public static RowGroupAccess scan(long rows) {
        return rows == 0 ? skip(0) : new RowGroupAccess(Kind.SCAN, rows, RowSelection.all(rows));
    }

    public static RowGroupAccess allMatch(long rows) {
        return rows == 0
                ? skip(0)
                : new RowGroupAccess(Kind.ALL_MATCH, rows, RowSelection.all(rows));
    }

    /**
     * The rows of {@code selection} (a SKIP when it is empty, a SCAN when it selects all).
     *
     * @throws IllegalArgumentException when the selection reaches past the row group
     */
    public static RowGroupAccess select(RowSelection selection, long rows) {
        checkRows(rows);
        if (selection.endRow() > rows) {
            throw new IllegalArgumentException(
                    "Cannot select "
                            + selection
                            + " in a row group of "
                            + rows
                            + " rows: it reaches past the last row");
        }
        if (selection.rowCount() == 0) {
            return skip(rows);
        }
        if (selection.coversAll(rows)) {
            return scan(rows);
        }
        return new RowGroupAccess(Kind.SELECT, rows, selection);
    }

    /** The access a verdict allows: SKIP, SCAN or ALL_MATCH. */
    public static RowGroupAccess of(Verdict verdict, long rows) {
        return switch (verdict) {
            case NONE_MATCH -> skip(rows);
            case SOME_MAY_MATCH -> scan(rows);
            case ALL_MATCH -> allMatch(rows);
        };
    }

    public Kind kind() {
        return kind;
    }

    /** Rows in the row group. */
    public long rows() {
        return rows;
    }

    /** The rows read: none for SKIP, all for SCAN and ALL_MATCH. */
    public RowSelection selection() {
        return selection;
    }

    /** Whether the row group is not read at all. */
    public boolean isSkip() {
        return kind == Kind.SKIP;
    }

    /**
     * What both this and {@code other} allow, each being a proof about the same row group: rows are
     * read only if both read them, and the row filter is left out when either proves that every row
     * read matches. Never reads a row that either does not read.
     *
     * @throws IllegalArgumentException when {@code other} is about a row group of another size
     */
    public RowGroupAccess narrow(RowGroupAccess other) {
        if (other.rows != rows) {
            throw new IllegalArgumentException(
                    "Cannot narrow "
                            + this
                            + " with "
                            + other
                            + ": they are about row groups of "
                            + rows
                            + " and "
                            + other.rows
                            + " rows");
        }
        if (kind == Kind.SKIP || other.kind == Kind.SKIP) {
            return kind == Kind.SKIP ? this : other;
        }
        if (kind == Kind.SELECT || other.kind == Kind.SELECT) {
            return select(selection.intersect(other.selection), rows);
        }
        if (kind == Kind.ALL_MATCH || other.kind == Kind.ALL_MATCH) {
            return kind == Kind.ALL_MATCH ? this : other;
        }
        return this; // both SCAN
    }

    private static long checkRows(long rows) {
        if (rows < 0) {
            throw new IllegalArgumentException("Cannot plan a row group of " + rows + " rows");
        }
        return rows;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowGroupAccess other
                && kind == other.kind
                && rows == other.rows
                && selection.equals(other.selection);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, rows, selection);
    }

    @Override
    public String toString() {
        return kind == Kind.SELECT ? "SELECT " + selection + " of " + rows : kind + " of " + rows;
    }
}
