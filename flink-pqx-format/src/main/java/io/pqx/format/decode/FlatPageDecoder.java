package io.pqx.format.decode;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import javax.annotation.Nullable;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Decodes a whole data page of a flat leaf (not repeated, definition level 0 or 1) in bulk, without
 * parquet-column's per-value {@code ColumnReader}: definition levels into null flags, and PLAIN or
 * dictionary-encoded INT32, INT64, FLOAT, DOUBLE, BOOLEAN (PLAIN only), BYTE_ARRAY and
 * FIXED_LEN_BYTE_ARRAY values, and DELTA-encoded integers and byte arrays ({@link DeltaPageValues},
 * which checks the streams as pqx's page check would), into one array slot per entry, which {@link
 * #copy} hands to the leaf's {@link BulkSinks sink} batch by batch. A dictionary-encoded page keeps
 * its ids (every one checked against the dictionary while decoding) and {@link #copy} hands ids and
 * dictionary to the sink, which looks the values up straight into the vector: one pass over the
 * values fewer than looking them up into an array first. Likewise the numbers of a PLAIN page
 * without nulls are handed over as a view of the page's bytes (which stay put until the next page
 * is read), not copied out first.
 *
 * <p>Values are decoded lazily, in the stretches {@link #copy} asks for: a selective read that
 * wants a few rows of a page unpacks only the dictionary-id groups holding them (passing over the
 * others by their run headers and by arithmetic), and records where only the PLAIN strings it wants
 * start (walking the length prefixes of the others, copying none). Definition levels are decoded
 * for the whole page when it is read, since they map entries to values.
 *
 * <p>{@link #decode} returns false for a page it does not handle (another encoding, BIT_PACKED
 * levels) or whose levels do not decode cleanly, and {@link #copy} for a stretch whose values do
 * not (a length, run or dictionary id out of bounds): the caller then decodes that page (from the
 * entry it reached) through parquet-column, which reports the same errors it always did. Values
 * {@link #copy} never asks for are not range-checked. Every read is bounded by the page's bytes.
 *
 * <p>A page of a required leaf with more than {@link #WINDOW} entries, PLAIN or dictionary-encoded
 * (DuckDB writes a whole column chunk as one page of a million values), is decoded through arrays
 * of {@link #WINDOW} slots (or of the longest stretch asked for), each stretch into the slots from
 * the start of the window it falls in, not through arrays of the page's size: the values are
 * decoded lazily anyway, and a stretch never needs the ones before it.
 *
 * <p>One per leaf and row group; reuses its arrays across pages. Not thread-safe.
 */
final class FlatPageDecoder {
    /** Entries a page must exceed to be decoded through arrays of this many slots. */
    static final int WINDOW = 1 << 15;

    private final PrimitiveTypeName physical;
    private final boolean nullable;
    private final Object sink;
    private final HybridRunDecoder runs = new HybridRunDecoder();

    // per page: one slot per entry
    private int count;
    private int nullCount;
    private boolean[] nulls = new boolean[0];
    private int[] scratch = new int[0];
    private int[] ints = new int[0];
    private long[] longs = new long[0];
    private float[] floats = new float[0];
    private double[] doubles = new double[0];
    private boolean[] booleans = new boolean[0];
    private int[] starts = new int[0];
    private int[] lengths = new int[0];
    private byte[] binarySource = new byte[0];

    /** The page's values are dictionary ids in {@code scratch}, looked up as they are copied. */
    private boolean onIds;

    /** The page's values are PLAIN strings, back to back in {@code binarySource}. */
    private boolean contiguous;

    /** The page's values are read by copy() from {@code plainView}, a view of its bytes. */
    private boolean onPlainView;

    /** An Int-, Long-, Float- or DoubleBuffer over the values of the page last decoded PLAIN. */
    private Buffer plainView;

    /** The page's entries go through the arrays window by window (see the class comment). */
    private boolean windowed;

    /** The entry in slot 0 of the arrays (0 unless {@code windowed}). */
    private int base;

    /** Slots of the arrays in use: the page's entries, or the window's size. */
    private int slots;

    /** The view over all of the page's values; {@code plainView} starts at {@code base}. */
    private Buffer pageView;

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

    private Pending pending = Pending.NONE;

    /** Entries before this one are materialized or passed over ({@link #copy} goes forward). */
    private int entryCursor;

    /** Values (non-null entries) before {@code entryCursor}. */
    private int valueCursor;

    /** The first byte after the page's values; for PLAIN strings, also the next one's start. */
    private int valuesEnd;

    private int binaryPos;
    private int booleanAt;
    private int idBound;

    @Nullable private FlatDictionary dictionary;

    /** Where the arrays came from and go back to; null when they are the decoder's own. */
    @Nullable private final DecodeArrays arrays;

    private boolean released;

    /** The byte width of a FIXED_LEN_BYTE_ARRAY leaf's values (0 for other types). */
    private final int typeLength;

    /** Decodes DELTA-encoded values; made for the first such page. */
    @Nullable private DeltaPageValues deltas;

    /**
     * @param sink the leaf's decoder, implementing the {@link BulkSinks} interface of {@code
     *     physical} (see {@link #supports})
     * @param maxDefinitionLevel 0 or 1
     * @param dictionary the chunk's dictionary, or null when it has none
     */
    FlatPageDecoder(
            PrimitiveTypeName physical,
            int maxDefinitionLevel,
            Object sink,
            @Nullable FlatDictionary dictionary) {
        this(physical, 0, maxDefinitionLevel, sink, dictionary, null);
    }

    /**
     * As above, for a leaf of {@code typeLength}-byte FIXED_LEN_BYTE_ARRAY values (0 for other
     * types).
     */
    FlatPageDecoder(
            PrimitiveTypeName physical,
            int typeLength,
            int maxDefinitionLevel,
            Object sink,
            @Nullable FlatDictionary dictionary) {
        this(physical, typeLength, maxDefinitionLevel, sink, dictionary, null);
    }

    /**
     * As above, taking its arrays from {@code arrays} (when not null and it holds a set), to which
     * {@link #release} gives them back.
     */
    FlatPageDecoder(
            PrimitiveTypeName physical,
            int maxDefinitionLevel,
            Object sink,
            @Nullable FlatDictionary dictionary,
            @Nullable DecodeArrays arrays) {
        this(physical, 0, maxDefinitionLevel, sink, dictionary, arrays);
    }

    /** The decoder of a leaf of {@code typeLength}-byte values, its arrays from {@code arrays}. */
    FlatPageDecoder(
            PrimitiveTypeName physical,
            int typeLength,
            int maxDefinitionLevel,
            Object sink,
            @Nullable FlatDictionary dictionary,
            @Nullable DecodeArrays arrays) {
        this.typeLength = typeLength;
        this.physical = physical;
        this.nullable = maxDefinitionLevel == 1;
        this.sink = sink;
        this.dictionary = dictionary;
        this.arrays = arrays;
        DecodeArrays.Set set = arrays == null ? null : arrays.take(physical);
        if (set != null) {
            nulls = set.nulls();
            scratch = set.scratch();
            ints = set.ints();
            longs = set.longs();
            floats = set.floats();
            doubles = set.doubles();
            booleans = set.booleans();
            starts = set.starts();
            lengths = set.lengths();
        }
    }

    /**
     * Gives the decoder's arrays back to its {@link DecodeArrays} (once); the decoder must not be
     * used after. It keeps empty arrays of its own, so that a use after could never write to arrays
     * another decoder took.
     */
    void release() {
        if (arrays == null || released) {
            return;
        }
        released = true;
        arrays.give(
                physical,
                new DecodeArrays.Set(
                        nulls, scratch, ints, longs, floats, doubles, booleans, starts, lengths));
        nulls = new boolean[0];
        scratch = new int[0];
        ints = new int[0];
        longs = new long[0];
        floats = new float[0];
        doubles = new double[0];
        booleans = new boolean[0];
        starts = new int[0];
        lengths = new int[0];
        count = 0;
    }

    /** Sets the chunk's dictionary, decoded when the first page using it was read. */
    void dictionary(FlatDictionary dictionary) {
        this.dictionary = dictionary;
    }

    /** Whether a decoder can take {@code physical} values in bulk. */
    static boolean supports(PrimitiveTypeName physical, ValueDecoder decoder) {
        return switch (physical) {
            case INT32 -> decoder instanceof BulkSinks.Ints;
            case INT64 -> decoder instanceof BulkSinks.Longs;
            case FLOAT -> decoder instanceof BulkSinks.Floats;
            case DOUBLE -> decoder instanceof BulkSinks.Doubles;
            case BOOLEAN -> decoder instanceof BulkSinks.Booleans;
            case BINARY, FIXED_LEN_BYTE_ARRAY -> decoder instanceof BulkSinks.Binaries;
            default -> false;
        };
    }

    /** Decodes all entries of {@code page}; false when the page must go through parquet-column. */
    boolean decode(DataPage page) {
        FlatPageSections sections = FlatPageSections.of(page, nullable);
        if (sections == null) {
            return false;
        }
        int n = page.getValueCount();
        windowed = n > WINDOW && !nullable && windowable(sections.encoding());
        slots = windowed ? WINDOW : n;
        base = 0;
        grow(slots);
        count = n;
        onIds = false;
        contiguous = false;
        onPlainView = false;
        pending = Pending.NONE;
        entryCursor = 0;
        valueCursor = 0;
        if (!decodeLevels(sections.levels(), n)) {
            return false;
        }
        int nonNull = n - nullCount;
        ByteBuffer data = sections.data();
        byte[] b = data.array();
        int at = data.arrayOffset() + data.position();
        int end = at + data.remaining();
        boolean ok =
                switch (sections.encoding()) {
                    case PLAIN -> plain(b, at, end, nonNull);
                    case PLAIN_DICTIONARY, RLE_DICTIONARY -> dictionaryIds(b, at, end, nonNull);
                    case DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY ->
                            delta(sections.encoding(), b, at, end, nonNull);
                    default -> false;
                };
        valuesEnd = end;
        return ok;
    }

    /**
     * Whether values of this encoding are decoded lazily, stretch by stretch, so that a page of
     * them can go through a window (DELTA and FIXED_LEN_BYTE_ARRAY pages are decoded whole).
     */
    private boolean windowable(Encoding encoding) {
        return switch (encoding) {
            case PLAIN -> physical != PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
            case PLAIN_DICTIONARY, RLE_DICTIONARY -> true;
            default -> false;
        };
    }

    private boolean decodeLevels(@Nullable ByteBuffer levels, int n) {
        nullCount = 0;
        if (levels == null) {
            return true;
        }
        int at = levels.arrayOffset() + levels.position();
        runs.reset(levels.array(), at, at + levels.remaining(), 1);
        // a page without nulls (or of nulls only) has its levels as one run: no level is written
        // out, and with no nulls the null flags are never read
        int uniform = n == 0 ? 1 : runs.uniformRun(n);
        if (uniform == 1) {
            return true;
        }
        if (uniform == 0) {
            Arrays.fill(nulls, 0, n, true);
            nullCount = n;
            return true;
        }
        if (uniform != HybridRunDecoder.MIXED) {
            return false; // malformed runs, or a level above 1 (as below)
        }
        if (!runs.read(scratch, 0, n)) {
            return false;
        }
        int nullsSeen = 0;
        int seen = 0;
        for (int i = 0; i < n; i++) {
            int level = scratch[i];
            seen |= level;
            boolean isNull = level != 1;
            nulls[i] = isNull;
            nullsSeen += isNull ? 1 : 0;
        }
        nullCount = nullsSeen;
        // an RLE run stores its level in a whole byte: one above 1 is damage, which
        // parquet-column's path reports (after PageValueCheck walks the page)
        return (seen & ~1) == 0;
    }

    private boolean plain(byte[] b, int at, int end, int nonNull) {
        int available = end - at;
        ByteBuffer le = ByteBuffer.wrap(b, at, available).slice().order(ByteOrder.LITTLE_ENDIAN);
        // without nulls, copy() takes the values from the page's bytes themselves (a view, valid
        // until the next page is read); with nulls they are copied out to be spread
        boolean view = nonNull == count;
        switch (physical) {
            case INT32:
                if ((long) nonNull * 4 > available) {
                    return false;
                }
                plainView = le.asIntBuffer();
                break;
            case INT64:
                if ((long) nonNull * 8 > available) {
                    return false;
                }
                plainView = le.asLongBuffer();
                break;
            case FLOAT:
                if ((long) nonNull * 4 > available) {
                    return false;
                }
                plainView = le.asFloatBuffer();
                break;
            case DOUBLE:
                if ((long) nonNull * 8 > available) {
                    return false;
                }
                plainView = le.asDoubleBuffer();
                break;
            case BOOLEAN:
                return plainBooleans(b, at, available, nonNull);
            case BINARY:
                return plainBinaries(b, at, end, nonNull);
            case FIXED_LEN_BYTE_ARRAY:
                binarySource = b;
                contiguous = nonNull == count;
                return FixedBinaries.index(b, at, end, nonNull, typeLength, starts, lengths)
                        && decodedWhole(nonNull);
            default:
                return false;
        }
        pageView = plainView;
        onPlainView = view;
        pending = view ? Pending.NONE : Pending.NUMBERS;
        return true;
    }

    private boolean plainBooleans(byte[] b, int at, int available, int nonNull) {
        if ((nonNull + 7L) / 8 > available) {
            return false;
        }
        binarySource = b;
        booleanAt = at;
        pending = Pending.BOOLEANS;
        return true;
    }

    private boolean plainBinaries(byte[] b, int at, int end, int nonNull) {
        binarySource = b;
        binaryPos = at;
        pending = Pending.BINARIES;
        contiguous = nonNull == count; // nulls would leave (0, 0) slots among the values
        return true;
    }

    /**
     * DELTA-encoded values, decoded (and checked) whole by {@link DeltaPageValues}: a DELTA stream
     * is walked from its start to reach any value, so the page is materialized at once.
     */
    private boolean delta(Encoding encoding, byte[] b, int at, int end, int nonNull) {
        if (deltas == null) {
            deltas = new DeltaPageValues();
        }
        DeltaPageValues d = deltas;
        boolean bytes =
                physical == PrimitiveTypeName.BINARY
                        || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
        boolean ok =
                switch (encoding) {
                    case DELTA_BINARY_PACKED ->
                            physical == PrimitiveTypeName.INT32
                                    ? d.ints(b, at, end, nonNull, count, ints)
                                    : physical == PrimitiveTypeName.INT64
                                            && d.longs(b, at, end, nonNull, count, longs);
                    case DELTA_LENGTH_BYTE_ARRAY ->
                            physical == PrimitiveTypeName.BINARY
                                    && d.lengthByteArray(
                                            b, at, end, nonNull, count, starts, lengths);
                    default -> bytes && d.byteArray(b, at, end, nonNull, count, starts, lengths);
                };
        if (ok && bytes) {
            binarySource = encoding == Encoding.DELTA_BYTE_ARRAY ? d.rebuilt() : b;
            contiguous = nonNull == count; // values back to back, nothing between them
        }
        return ok && decodedWhole(nonNull);
    }

    /**
     * For a page whose {@code nonNull} values were decoded densely at once: spreads them to their
     * entries' slots, and leaves nothing for {@link #ensure} to materialize.
     */
    private boolean decodedWhole(int nonNull) {
        if (nonNull < count) {
            spread(0, count, nonNull);
        }
        pending = Pending.NONE;
        return true;
    }

    /** A bit width byte, then RLE / bit-packed dictionary ids; values looked up once decoded. */
    private boolean dictionaryIds(byte[] b, int at, int end, int nonNull) {
        if (dictionary == null || !dictionary.usable()) {
            return false;
        }
        if (nonNull == 0) {
            binarySource = new byte[0]; // an all-null page: starts and lengths become 0
            binaryPos = 0;
            pending = Pending.BINARIES; // of no values: ensure() only spreads the nulls
            return true;
        }
        if (at >= end) {
            return false;
        }
        int width = b[at] & 0xFF;
        if (width > 32) {
            return false;
        }
        if (physical == PrimitiveTypeName.BOOLEAN) {
            return false;
        }
        runs.reset(b, at + 1, end, width);
        // every id copy() asks for is checked against the dictionary by ensure(), so the sinks
        // look them up unchecked
        idBound = dictionary.size();
        pending = Pending.IDS;
        onIds = true; // looked up by copy(), straight into the vector where the sink allows
        return true;
    }

    /**
     * Materializes entries {@code [from, from + n)} (at or after the last stretch asked for): the
     * values between are passed over, those of the stretch decoded into the entries' slots.
     *
     * @param slot where entry {@code from} goes in the arrays ({@link #slot})
     * @return false when the values do not decode cleanly
     */
    private boolean ensure(int from, int slot, int n) {
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
                    case IDS -> runs.skip(passed) && runs.read(scratch, slot, wanted, idBound);
                    case BINARIES -> binaries(passed, slot, wanted);
                    case NUMBERS -> numbers(first, slot, wanted);
                    case BOOLEANS -> booleans(first, slot, wanted);
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
     * The slot of entry {@code from} for a stretch of {@code n} entries: the entry itself, or, on a
     * windowed page, its place in the window, which moves to start at {@code from} (and grows to
     * {@code n} slots) when the stretch does not fit in it.
     */
    private int slot(int from, int n) {
        if (!windowed || from < entryCursor) {
            return from; // (going back is refused by ensure())
        }
        if (from + n - base > slots) {
            if (n > slots) {
                slots = n;
                grow(n);
            }
            base = from;
            if (onPlainView) {
                plainView = pageView.slice(from, pageView.limit() - from);
            }
        }
        return from - base;
    }

    /** Non-null entries among {@code [from, to)}. */
    private int nonNullsIn(int from, int to) {
        if (nullCount == 0) {
            return to - from;
        }
        int values = 0;
        for (int i = from; i < to; i++) {
            values += nulls[i] ? 0 : 1;
        }
        return values;
    }

    private boolean binaries(int passed, int from, int wanted) {
        byte[] b = binarySource;
        int at = passed == 0 ? binaryPos : PlainBinaries.skip(b, binaryPos, valuesEnd, passed);
        if (at < 0) {
            return false;
        }
        at = PlainBinaries.indexFrom(b, at, valuesEnd, wanted, starts, lengths, from);
        if (at < 0) {
            return false;
        }
        binaryPos = at;
        return true;
    }

    private boolean numbers(int first, int from, int wanted) {
        switch (physical) {
            case INT32 -> ((IntBuffer) plainView).get(first, ints, from, wanted);
            case INT64 -> ((LongBuffer) plainView).get(first, longs, from, wanted);
            case FLOAT -> ((FloatBuffer) plainView).get(first, floats, from, wanted);
            default -> ((DoubleBuffer) plainView).get(first, doubles, from, wanted);
        }
        return true;
    }

    private boolean booleans(int first, int from, int wanted) {
        byte[] b = binarySource;
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
        int k = from + wanted - 1;
        if (onIds) {
            for (int i = from + n - 1; i > k; i--) {
                // a null entry's slot gets id 0, which exists: the page has values
                scratch[i] = nulls[i] ? 0 : scratch[k--];
            }
            return;
        }
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
                case INT32 -> ints[i] = ints[k];
                case INT64 -> longs[i] = longs[k];
                case FLOAT -> floats[i] = floats[k];
                case DOUBLE -> doubles[i] = doubles[k];
                case BOOLEAN -> booleans[i] = booleans[k];
                default -> {
                    starts[i] = starts[k];
                    lengths[i] = lengths[k];
                }
            }
            k--;
        }
    }

    /**
     * Writes entries {@code [from, from + n)} of the decoded page into {@code vector[pos...]};
     * stretches are asked for in page order ({@code from} at or after the end of the last one).
     *
     * @return false, having written nothing, when the stretch's values do not decode cleanly: the
     *     page must then go through parquet-column from entry {@code from}
     */
    boolean copy(int from, WritableColumnVector vector, int pos, int n) {
        int slot = slot(from, n);
        if (!ensure(from, slot, n)) {
            return false;
        }
        if (onIds) {
            copyLookedUp(slot, vector, pos, n);
        } else if (onPlainView) {
            copyFromPage(slot, vector, pos, n);
        } else {
            copyValues(slot, vector, pos, n);
        }
        if (nullCount > 0) {
            markNulls(from, vector, pos, n);
        }
        return true;
    }

    private void copyLookedUp(int from, WritableColumnVector vector, int pos, int n) {
        FlatDictionary d = dictionary;
        switch (physical) {
            case INT32 ->
                    ((BulkSinks.Ints) sink)
                            .putDictionaryInts(d.ints(), scratch, from, ints, vector, pos, n);
            case INT64 ->
                    ((BulkSinks.Longs) sink)
                            .putDictionaryLongs(d.longs(), scratch, from, longs, vector, pos, n);
            case FLOAT ->
                    ((BulkSinks.Floats) sink)
                            .putDictionaryFloats(d.floats(), scratch, from, floats, vector, pos, n);
            case DOUBLE ->
                    ((BulkSinks.Doubles) sink)
                            .putDictionaryDoubles(
                                    d.doubles(), scratch, from, doubles, vector, pos, n);
            default ->
                    ((BulkSinks.Binaries) sink)
                            .putDictionaryBinaries(
                                    d.bytes(),
                                    d.starts(),
                                    d.lengths(),
                                    scratch,
                                    from,
                                    starts,
                                    lengths,
                                    vector,
                                    pos,
                                    n);
        }
    }

    private void copyFromPage(int from, WritableColumnVector vector, int pos, int n) {
        switch (physical) {
            case INT32 ->
                    ((BulkSinks.Ints) sink)
                            .putPlainInts((IntBuffer) plainView, from, ints, vector, pos, n);
            case INT64 ->
                    ((BulkSinks.Longs) sink)
                            .putPlainLongs((LongBuffer) plainView, from, longs, vector, pos, n);
            case FLOAT ->
                    ((BulkSinks.Floats) sink)
                            .putPlainFloats((FloatBuffer) plainView, from, floats, vector, pos, n);
            default ->
                    ((BulkSinks.Doubles) sink)
                            .putPlainDoubles(
                                    (DoubleBuffer) plainView, from, doubles, vector, pos, n);
        }
    }

    private void copyValues(int from, WritableColumnVector vector, int pos, int n) {
        switch (physical) {
            case INT32 -> ((BulkSinks.Ints) sink).putInts(ints, from, vector, pos, n);
            case INT64 -> ((BulkSinks.Longs) sink).putLongs(longs, from, vector, pos, n);
            case FLOAT -> ((BulkSinks.Floats) sink).putFloats(floats, from, vector, pos, n);
            case DOUBLE -> ((BulkSinks.Doubles) sink).putDoubles(doubles, from, vector, pos, n);
            case BOOLEAN -> ((BulkSinks.Booleans) sink).putBooleans(booleans, from, vector, pos, n);
            default -> {
                BulkSinks.Binaries binaries = (BulkSinks.Binaries) sink;
                if (contiguous) {
                    binaries.putContiguousBinaries(
                            binarySource, starts, lengths, from, vector, pos, n);
                } else {
                    binaries.putBinaries(binarySource, starts, lengths, from, vector, pos, n);
                }
            }
        }
    }

    private void markNulls(int from, WritableColumnVector vector, int pos, int n) {
        int i = 0;
        while (i < n) {
            if (!nulls[from + i]) {
                i++;
                continue;
            }
            int run = i;
            while (run < n && nulls[from + run]) {
                run++;
            }
            vector.setNulls(pos + i, run - i);
            i = run;
        }
    }

    private void grow(int n) {
        if (scratch.length >= n) {
            return;
        }
        scratch = new int[n];
        nulls = new boolean[n];
        switch (physical) {
            case INT32 -> ints = new int[n];
            case INT64 -> longs = new long[n];
            case FLOAT -> floats = new float[n];
            case DOUBLE -> doubles = new double[n];
            case BOOLEAN -> booleans = new boolean[n];
            default -> {
                starts = new int[n];
                lengths = new int[n];
            }
        }
    }
}
