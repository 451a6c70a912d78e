package io.pqx.format.decode;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * <p>A page without nulls with more than {@link #WINDOW} entries, PLAIN or dictionary-encoded, is
 * decoded through arrays of {@link #WINDOW} slots (or of the longest stretch asked for), each
 * stretch into the slots from the start of the window it falls in, not through arrays of the page's
 * size: the values are decoded lazily anyway, and a stretch never needs the ones before it. A
 * required leaf's page (DuckDB writes a whole column chunk as one page of a million values) never
 * gets arrays of its size; an optional leaf's page gets them for its levels, and goes through the
 * window once they show no nulls. The window is small (two batches of the default size), so that
 * the ids or string offsets of a stretch are written and read back while in the nearest cache.
 *
 * <p>This class cuts the page up and sets out how its values lie; the per-entry arrays are a {@link
 * PageSlots}, the lazy decoding of stretches into them is {@link PageValueCursor}'s, and the
 * hand-over of decoded slots to the sink {@link PageSlotCopy}'s.
 *
 * <p>One per leaf and row group; reuses its arrays across pages. Not thread-safe.
 */
final class FlatPageDecoder {
    /**
     * Entries a page without nulls must exceed to be decoded through arrays of this many slots.
     * Measured on Arrow C++'s file of the source suite (optional columns without nulls, pages of
     * 32,768 dictionary ids, which went through arrays of the page's size before): about 9 % less
     * thread CPU for the scan; no difference on pqx's or DuckDB's file (from 32,768 slots).
     */
    static final int WINDOW = 1 << 12;

    private final PrimitiveTypeName physical;
    private final boolean nullable;
    private final HybridRunDecoder runs = new HybridRunDecoder();

    /** The page's slots: null flags, ids and values, one per entry (or per window slot). */
    private final PageSlots slots;

    /** Materializes the stretches {@link #copy} asks for into {@code slots}. */
    private final PageValueCursor cursor;

    /** Hands materialized slots to the sink. */
    private final PageSlotCopy out;

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
        this.dictionary = dictionary;
        this.arrays = arrays;
        this.slots = new PageSlots(physical, arrays == null ? null : arrays.take(physical));
        this.cursor = new PageValueCursor(slots, runs);
        this.out = new PageSlotCopy(slots, sink);
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
        arrays.give(physical, slots.asSet());
        slots.clear();
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
        boolean windowed = n > WINDOW && !nullable && windowable(sections.encoding());
        cursor.start(n, windowed, WINDOW);
        PageSlots s = slots;
        s.count = n;
        s.onIds = false;
        s.contiguous = false;
        s.onPlainView = false;
        if (!decodeLevels(sections.levels(), n)) {
            return false;
        }
        if (!windowed && s.nullCount == 0 && n > WINDOW && windowable(sections.encoding())) {
            // an optional leaf's page without nulls: its values go through the window as a
            // required leaf's do (restarting the cursor keeps what the levels set)
            cursor.start(n, true, WINDOW);
        }
        int nonNull = n - s.nullCount;
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
        cursor.valuesEnd(end);
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
        PageSlots s = slots;
        s.nullCount = 0;
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
            Arrays.fill(s.nulls, 0, n, true);
            s.nullCount = n;
            return true;
        }
        if (uniform != HybridRunDecoder.MIXED) {
            return false; // malformed runs, or a level above 1 (as below)
        }
        int[] scratch = s.scratch;
        boolean[] nulls = s.nulls;
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
        s.nullCount = nullsSeen;
        // an RLE run stores its level in a whole byte: one above 1 is damage, which
        // parquet-column's path reports (after PageValueCheck walks the page)
        return (seen & ~1) == 0;
    }

    private boolean plain(byte[] b, int at, int end, int nonNull) {
        int available = end - at;
        ByteBuffer le = ByteBuffer.wrap(b, at, available).slice().order(ByteOrder.LITTLE_ENDIAN);
        // without nulls, copy() takes the values from the page's bytes themselves (a view, valid
        // until the next page is read); with nulls they are copied out to be spread
        boolean view = nonNull == slots.count;
        Buffer numbers;
        switch (physical) {
            case INT32:
                if ((long) nonNull * 4 > available) {
                    return false;
                }
                numbers = le.asIntBuffer();
                break;
            case INT64:
                if ((long) nonNull * 8 > available) {
                    return false;
                }
                numbers = le.asLongBuffer();
                break;
            case FLOAT:
                if ((long) nonNull * 4 > available) {
                    return false;
                }
                numbers = le.asFloatBuffer();
                break;
            case DOUBLE:
                if ((long) nonNull * 8 > available) {
                    return false;
                }
                numbers = le.asDoubleBuffer();
                break;
            case BOOLEAN:
                return plainBooleans(b, at, available, nonNull);
            case BINARY:
                return plainBinaries(b, at, end, nonNull);
            case FIXED_LEN_BYTE_ARRAY:
                slots.binarySource = b;
                slots.contiguous = nonNull == slots.count;
                return FixedBinaries.index(
                                b, at, end, nonNull, typeLength, slots.starts, slots.lengths)
                        && cursor.decodedWhole(nonNull);
            default:
                return false;
        }
        cursor.numbers(numbers, view);
        return true;
    }

    private boolean plainBooleans(byte[] b, int at, int available, int nonNull) {
        if ((nonNull + 7L) / 8 > available) {
            return false;
        }
        cursor.booleans(b, at);
        return true;
    }

    private boolean plainBinaries(byte[] b, int at, int end, int nonNull) {
        cursor.binaries(b, at);
        slots.contiguous =
                nonNull == slots.count; // nulls would leave (0, 0) slots among the values
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
        PageSlots s = slots;
        int count = s.count;
        boolean bytes =
                physical == PrimitiveTypeName.BINARY
                        || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
        boolean ok =
                switch (encoding) {
                    case DELTA_BINARY_PACKED ->
                            physical == PrimitiveTypeName.INT32
                                    ? d.ints(b, at, end, nonNull, count, s.ints)
                                    : physical == PrimitiveTypeName.INT64
                                            && d.longs(b, at, end, nonNull, count, s.longs);
                    case DELTA_LENGTH_BYTE_ARRAY ->
                            physical == PrimitiveTypeName.BINARY
                                    && d.lengthByteArray(
                                            b, at, end, nonNull, count, s.starts, s.lengths);
                    default ->
                            bytes && d.byteArray(b, at, end, nonNull, count, s.starts, s.lengths);
                };
        if (ok && bytes) {
            s.binarySource = encoding == Encoding.DELTA_BYTE_ARRAY ? d.rebuilt() : b;
            s.contiguous = nonNull == count; // values back to back, nothing between them
        }
        return ok && cursor.decodedWhole(nonNull);
    }

    /** A bit width byte, then RLE / bit-packed dictionary ids; values looked up once decoded. */
    private boolean dictionaryIds(byte[] b, int at, int end, int nonNull) {
        if (dictionary == null || !dictionary.usable()) {
            return false;
        }
        if (nonNull == 0) {
            // an all-null page, of no values: the cursor only spreads the nulls (starts and
            // lengths become 0)
            cursor.binaries(new byte[0], 0);
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
        // every id copy() asks for is checked against the dictionary: by the cursor as it decodes
        // them, or by the sink's lookups where each id indexes the dictionary's arrays (the JVM's
        // bounds check, made anyway: a pass over the ids fewer)
        cursor.ids(dictionary.size(), out.checksIdsOnLookup());
        slots.onIds = true; // looked up by copy(), straight into the vector where the sink allows
        return true;
    }

    /**
     * Writes the entries of {@code m} stretches of the decoded page, stretch {@code j} being
     * entries {@code [entries[j], entries[j] + lengths[j])} (in page order, at or after the last
     * stretch asked for), into {@code vector[pos...]} back to back: what {@code m} calls of {@link
     * #copy} would write, for a page without nulls, in one pass (see {@link
     * PageValueCursor#gather}).
     *
     * @return false, having written nothing, when the page's values are not gathered or do not
     *     decode cleanly: the caller then copies stretch by stretch, which falls back to
     *     parquet-column where the values do not decode
     */
    boolean gather(int[] entries, int[] lengths, int m, WritableColumnVector vector, int pos) {
        int n = cursor.gather(entries, lengths, m);
        if (n < 0) {
            return false;
        }
        out.copyGathered(dictionary, vector, pos, n);
        return true;
    }

    /**
     * Writes entries {@code [from, from + n)} of the decoded page into {@code vector[pos...]};
     * stretches are asked for in page order ({@code from} at or after the end of the last one).
     *
     * @return false when the stretch's values do not decode cleanly, having written nothing (or,
     *     for a dictionary id outside the dictionary, a part of the stretch's slots, which the
     *     caller writes again): the page must then go through parquet-column from entry {@code
     *     from}
     */
    boolean copy(int from, WritableColumnVector vector, int pos, int n) {
        int slot = cursor.slot(from, n);
        if (!cursor.ensure(from, slot, n)) {
            return false;
        }
        return out.copy(dictionary, slot, from, vector, pos, n);
    }
}
