package io.pqx.format.decode;

import java.nio.Buffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Materializes the values of a flat leaf's data page lazily into its {@link PageSlots}, in the
 * stretches {@link FlatPageDecoder#copy} asks for, going forwards only: the values before a stretch
 * are passed over (dictionary ids by their run headers and by arithmetic, PLAIN strings by their
 * length prefixes, numbers and booleans by arithmetic), those of the stretch decoded into its
 * entries' slots, and spread over the null entries among them. On a windowed page (see {@link
 * FlatPageDecoder}) a stretch goes into the slots from the start of the window it falls in.
 *
 * <p>Every read is bounded by the page's bytes, and every dictionary id materialized is checked
 * against the dictionary's size; {@link #ensure} returns false when the values do not decode
 * cleanly. One per page decoder; not thread-safe.
 */
final class PageValueCursor {
    /** How the values of a stretch are materialized by {@link #ensure}. */
    private enum Pending {
        /** Nothing to decode: the values are in place or read from a view. */
        NONE,
        /** Dictionary ids, from {@code runs}. */
        IDS,
        /** PLAIN strings: their starts and lengths, from {@code binaryPos}. */
        BINARIES,
        /** PLAIN numbers with nulls among them: copied out of {@code plainView}. */
        NUMBERS,
        /** PLAIN booleans, from the bits at {@code booleanAt}. */
        BOOLEANS
    }

    /**
     * Runs of at least this many PLAIN strings are indexed with two chains of loads ({@link
     * PlainBinaries#indexFromSplit}): finding where the second one starts reads up to a few hundred
     * bytes, which a short run would not repay. A full batch is 2,048 values.
     */
    static final int SPLIT_WALKS_FROM = 512;

    private final PageSlots slots;
    private final PrimitiveTypeName physical;
    private final HybridRunDecoder runs;

    private Pending pending = Pending.NONE;

    /** Entries before this one are materialized or passed over (stretches go forward). */
    private int entryCursor;

    /** Values (non-null entries) before {@code entryCursor}. */
    private int valueCursor;

    /** The first byte after the page's values; for PLAIN strings, also the next one's start. */
    private int valuesEnd;

    private int binaryPos;
    private int booleanAt;
    private int idBound;

    /** The second chain's records of a split walk ({@link #readBinaries}). */
    private int[] chainStarts = new int[0];

    private int[] chainLengths = new int[0];

    /** The ids' lookups check them ({@link PageSlotCopy#checksIdsOnLookup}): not decoding. */
    private boolean idsCheckedOnLookup;

    /** A {@link #gather} found values that do not decode cleanly on this page. */
    private boolean broken;

    /** The page's entries go through the arrays window by window. */
    private boolean windowed;

    /** The entry in slot 0 of the arrays (0 unless {@code windowed}). */
    private int base;

    /** Slots of the arrays in use: the page's entries, or the window's size. */
    private int width;

    /** The view over all of the page's values; {@code plainView} starts at {@code base}. */
    private Buffer pageView;

    /**
     * @param runs the decoder the page's dictionary ids are read from once {@link #ids} is set
     */
    PageValueCursor(PageSlots slots, HybridRunDecoder runs) {
        this.slots = slots;
        this.physical = slots.physical;
        this.runs = runs;
    }

    /**
     * Starts a page of {@code n} entries, with nothing pending: through a window of {@code window}
     * slots when {@code windowed}, else through {@code n} slots.
     */
    void start(int n, boolean windowed, int window) {
        this.windowed = windowed;
        width = windowed ? window : n;
        base = 0;
        slots.grow(width);
        pending = Pending.NONE;
        entryCursor = 0;
        valueCursor = 0;
        broken = false;
    }

    /** Sets the first byte after the page's values. */
    void valuesEnd(int end) {
        valuesEnd = end;
    }

    /**
     * The page's values are dictionary ids, in {@code runs}, each below {@code bound}; checked
     * against it as {@link #ensure} decodes them unless {@code checkedOnLookup} (the sink's lookups
     * check them as they are copied, see {@link PageSlotCopy#checksIdsOnLookup}).
     */
    void ids(int bound, boolean checkedOnLookup) {
        idBound = bound;
        idsCheckedOnLookup = checkedOnLookup;
        pending = Pending.IDS;
    }

    /** The page's values are PLAIN strings (lengths before bytes) from {@code b[at]}. */
    void binaries(byte[] b, int at) {
        slots.binarySource = b;
        binaryPos = at;
        pending = Pending.BINARIES;
    }

    /** The page's values are PLAIN numbers in {@code view}; read in place when {@code inPlace}. */
    void numbers(Buffer view, boolean inPlace) {
        slots.plainView = view;
        pageView = view;
        slots.onPlainView = inPlace;
        pending = inPlace ? Pending.NONE : Pending.NUMBERS;
    }

    /** The page's values are PLAIN booleans, bit by bit from {@code b[at]}. */
    void booleans(byte[] b, int at) {
        slots.binarySource = b;
        booleanAt = at;
        pending = Pending.BOOLEANS;
    }

    /**
     * For a page whose {@code nonNull} values were decoded densely at once: spreads them to their
     * entries' slots, and leaves nothing to materialize.
     */
    boolean decodedWhole(int nonNull) {
        if (nonNull < slots.count) {
            spread(0, slots.count, nonNull);
        }
        pending = Pending.NONE;
        return true;
    }

    /**
     * The slot of entry {@code from} for a stretch of {@code n} entries: the entry itself, or, on a
     * windowed page, its place in the window, which moves to start at {@code from} (and grows to
     * {@code n} slots) when the stretch does not fit in it.
     */
    int slot(int from, int n) {
        if (!windowed || from < entryCursor) {
            return from; // (going back is refused by ensure())
        }
        if (from + n - base > width) {
            if (n > width) {
                width = n;
                slots.grow(n);
            }
            base = from;
            if (slots.onPlainView) {
                slots.plainView = pageView.slice(from, pageView.limit() - from);
            }
        }
        return from - base;
    }

    /**
     * Materializes entries {@code [from, from + n)} (at or after the last stretch asked for): the
     * values between are passed over, those of the stretch decoded into the entries' slots.
     *
     * @param slot where entry {@code from} goes in the arrays ({@link #slot})
     * @return false when the values do not decode cleanly
     */
    boolean ensure(int from, int slot, int n) {
        if (broken) {
            return false; // a gather left the values' decoder mid-way (see gather)
        }
        if (from < entryCursor) {
            throw new IllegalStateException(
                    "entries are materialized forwards: " + from + " < " + entryCursor);
        }
        if (pending == Pending.NONE) {
            entryCursor = from + n;
            return true;
        }
        int passed = nonNullsIn(entryCursor, from);
        int wanted = nonNullsIn(from, from + n);
        int first = valueCursor + passed;
        boolean ok =
                switch (pending) {
                    case IDS ->
                            runs.skip(passed)
                                    && runs.read(
                                            slots.scratch,
                                            slot,
                                            wanted,
                                            idsCheckedOnLookup ? -1 : idBound);
                    case BINARIES -> readBinaries(passed, first, slot, wanted);
                    case NUMBERS -> readNumbers(first, slot, wanted);
                    case BOOLEANS -> readBooleans(first, slot, wanted);
                    default -> true;
                };
        if (!ok) {
            return false;
        }
        valueCursor = first + wanted;
        entryCursor = from + n;
        if (wanted < n) {
            spread(slot, n, wanted); // never windowed: a windowed page has no nulls
        }
        return true;
    }

    /**
     * Materializes the entries of {@code m} stretches of a page without nulls, stretch {@code j}
     * being entries {@code [entries[j], entries[j] + lengths[j])} (in page order, at or after the
     * last stretch asked for), into slots {@code [0, total)} back to back, for one hand-over to the
     * sink ({@link PageSlotCopy#copyGathered}); the entries between are passed over as {@link
     * #ensure} passes them. For a selective read whose rows lie scattered over a page (a row here
     * and there): one loop over its stretches instead of a chain of calls per stretch.
     *
     * @return the values gathered, or -1 when this page's values are not gathered (nulls, values
     *     decoded whole, or more than its slots hold), nothing changed; or -1 when they do not
     *     decode cleanly, after which every {@link #ensure} returns false (the page goes through
     *     parquet-column, as for any stretch that does not decode)
     */
    int gather(int[] entries, int[] lengths, int m) {
        if (broken) {
            return -1;
        }
        if (slots.nullCount != 0 || !(pending != Pending.NONE || slots.onPlainView)) {
            return -1;
        }
        int total = 0;
        for (int j = 0; j < m; j++) {
            if (lengths[j] <= 0) {
                return -1; // (never asked for: a stretch has rows)
            }
            total += lengths[j];
        }
        if (total > slots.scratch.length || entries[0] < entryCursor) {
            return -1;
        }
        if (pending == Pending.BINARIES) {
            return gatherBinaries(entries, lengths, m, total);
        }
        if (pending == Pending.IDS) {
            // no nulls: an entry is a value, the cursor's entry the ids' next value
            if (!runs.gather(slots.scratch, entries, entryCursor, lengths, m, idBound)) {
                broken = true;
                return -1;
            }
            int end = entries[m - 1] + lengths[m - 1];
            valueCursor = end;
            entryCursor = end;
            return total;
        }
        // booleans and numbers: each stretch read by its place (no nulls: an entry is a value)
        int at = 0;
        int cursor = entryCursor;
        for (int j = 0; j < m; j++) {
            int from = entries[j];
            int n = lengths[j];
            if (pending == Pending.BOOLEANS) {
                readBooleans(from, at, n);
            } else {
                readNumbersFrom(pageView, from, at, n);
            }
            at += n;
            cursor = from + n;
        }
        valueCursor = cursor;
        entryCursor = cursor;
        return total;
    }

    /**
     * {@link #gather} of PLAIN strings: one walk over the page's length prefixes from the cursor to
     * the last stretch's end ({@link PlainBinaries#gather}), instead of a skip and an index per
     * stretch.
     */
    private int gatherBinaries(int[] entries, int[] lengths, int m, int total) {
        int cursor = entryCursor;
        // no nulls: an entry is a value, the cursor's entry the value at binaryPos
        int at =
                PlainBinaries.gather(
                        slots.binarySource,
                        binaryPos,
                        valuesEnd,
                        entries,
                        cursor,
                        lengths,
                        m,
                        slots.starts,
                        slots.lengths);
        if (at < 0) {
            broken = true;
            return -1;
        }
        binaryPos = at;
        int end = entries[m - 1] + lengths[m - 1];
        valueCursor = end;
        entryCursor = end;
        return total;
    }

    /** Copies values {@code [first, first + n)} of a PLAIN page's view into slots {@code at...}. */
    private boolean readNumbersFrom(Buffer view, int first, int at, int n) {
        switch (physical) {
            case INT32 -> ((IntBuffer) view).get(first, slots.ints, at, n);
            case INT64 -> ((LongBuffer) view).get(first, slots.longs, at, n);
            case FLOAT -> ((FloatBuffer) view).get(first, slots.floats, at, n);
            default -> ((DoubleBuffer) view).get(first, slots.doubles, at, n);
        }
        return true;
    }

    /** Non-null entries among {@code [from, to)}. */
    private int nonNullsIn(int from, int to) {
        if (slots.nullCount == 0) {
            return to - from;
        }
        boolean[] nulls = slots.nulls;
        int values = 0;
        for (int i = from; i < to; i++) {
            values += nulls[i] ? 0 : 1;
        }
        return values;
    }

    /**
     * Passes over {@code passed} strings, then records the next {@code wanted} (the page's values
     * from {@code value} on) into the slots from {@code from}.
     */
    private boolean readBinaries(int passed, int value, int from, int wanted) {
        byte[] b = slots.binarySource;
        int at = passed == 0 ? binaryPos : PlainBinaries.skip(b, binaryPos, valuesEnd, passed);
        if (at < 0) {
            return false;
        }
        if (wanted >= SPLIT_WALKS_FROM) {
            // a second chain from about the middle, where the page's remaining values' average
            // size puts it
            long remaining = Math.max(1, slots.count - slots.nullCount - value);
            long split = at + (valuesEnd - (long) at) * (wanted / 2) / remaining;
            if (chainStarts.length < wanted) {
                chainStarts = new int[wanted];
                chainLengths = new int[wanted];
            }
            at =
                    PlainBinaries.indexFromSplit(
                            b,
                            at,
                            valuesEnd,
                            wanted,
                            slots.starts,
                            slots.lengths,
                            from,
                            (int) Math.min(split, Integer.MAX_VALUE),
                            chainStarts,
                            chainLengths);
        } else {
            at =
                    PlainBinaries.indexFrom(
                            b, at, valuesEnd, wanted, slots.starts, slots.lengths, from);
        }
        if (at < 0) {
            return false;
        }
        binaryPos = at;
        return true;
    }

    private boolean readNumbers(int first, int from, int wanted) {
        Buffer view = slots.plainView;
        switch (physical) {
            case INT32 -> ((IntBuffer) view).get(first, slots.ints, from, wanted);
            case INT64 -> ((LongBuffer) view).get(first, slots.longs, from, wanted);
            case FLOAT -> ((FloatBuffer) view).get(first, slots.floats, from, wanted);
            default -> ((DoubleBuffer) view).get(first, slots.doubles, from, wanted);
        }
        return true;
    }

    private boolean readBooleans(int first, int from, int wanted) {
        byte[] b = slots.binarySource;
        boolean[] booleans = slots.booleans;
        int at = booleanAt;
        for (int j = 0; j < wanted; j++) {
            int i = first + j;
            booleans[from + j] = ((b[at + (i >>> 3)] >>> (i & 7)) & 1) != 0;
        }
        return true;
    }

    /**
     * Moves the {@code wanted} dense values at the start of entries {@code [from, from + n)} to the
     * slots of their entries (back to front).
     */
    private void spread(int from, int n, int wanted) {
        boolean[] nulls = slots.nulls;
        int k = from + wanted - 1;
        if (slots.onIds) {
            int[] scratch = slots.scratch;
            for (int i = from + n - 1; i > k; i--) {
                // a null entry's slot gets id 0, which exists: the page has values
                scratch[i] = nulls[i] ? 0 : scratch[k--];
            }
            return;
        }
        int[] starts = slots.starts;
        int[] lengths = slots.lengths;
        for (int i = from + n - 1; i > k; i--) {
            if (nulls[i]) {
                if (physical == PrimitiveTypeName.BINARY
                        || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
                    starts[i] = 0; // a stale start may lie beyond this page's bytes
                    lengths[i] = 0;
                }
                continue;
            }
            switch (physical) {
                case INT32 -> slots.ints[i] = slots.ints[k];
                case INT64 -> slots.longs[i] = slots.longs[k];
                case FLOAT -> slots.floats[i] = slots.floats[k];
                case DOUBLE -> slots.doubles[i] = slots.doubles[k];
                case BOOLEAN -> slots.booleans[i] = slots.booleans[k];
                default -> {
                    starts[i] = starts[k];
                    lengths[i] = lengths[k];
                }
            }
            k--;
        }
    }
}
