package io.pqx.format.encode;

import io.pqx.format.schema.PrimitiveNode;
import java.util.Arrays;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.table.data.binary.BinarySegmentUtils;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The values and Dremel levels of one leaf column for the rows of one row group, in compact
 * primitive arrays: the shredders append to it row by row, the {@link ColumnChunkEncoder} reads it
 * once the row group is sealed.
 *
 * <p>Layout: one entry per (value or null) slot; {@code repetitionLevels}/{@code definitionLevels}
 * hold one level per entry and are absent (null) when the leaf's maximum level is 0. Values are
 * dense: only entries whose definition level is the maximum carry a value, stored in the one array
 * matching the physical type (booleans in {@code booleans}, INT32 in {@code ints}, INT64 in {@code
 * longs}, FLOAT, DOUBLE, and every binary type as one byte array plus {@code valueCount + 1}
 * offsets). Arrays grow geometrically and are kept across {@link #reset()}, so a writer allocates
 * nothing per value once warmed up.
 *
 * <p>Not thread-safe: one thread appends; after sealing, any one thread may read.
 */
final class LeafBuffer {
    private static final int MAX_ARRAY = ArrayGrowth.MAX_ARRAY;

    final PrimitiveNode leaf;
    final String path;
    final PrimitiveTypeName type;
    final int maxDefinition;
    final int maxRepetition;

    /** Definition level of a null leaf value, or -1 when the leaf is NOT NULL. */
    final int nullDefinition;

    short[] repetitionLevels;
    short[] definitionLevels;
    int levelCount;
    int valueCount;

    boolean[] booleans;
    int[] ints;
    long[] longs;
    float[] floats;
    double[] doubles;
    byte[] bytes;
    int[] offsets;

    LeafBuffer(PrimitiveNode leaf) {
        this.leaf = leaf;
        this.path = leaf.path();
        this.type = leaf.parquetType().getPrimitiveTypeName();
        this.maxDefinition = leaf.column().getMaxDefinitionLevel();
        this.maxRepetition = leaf.column().getMaxRepetitionLevel();
        this.nullDefinition = RowShredder.nullDefinition(leaf);
        if (maxDefinition > Short.MAX_VALUE || maxRepetition > Short.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "Cannot write column " + path + ": nested deeper than " + Short.MAX_VALUE);
        }
        int initial = 16;
        this.repetitionLevels = maxRepetition > 0 ? new short[initial] : null;
        this.definitionLevels = maxDefinition > 0 ? new short[initial] : null;
        switch (type) {
            case BOOLEAN -> booleans = new boolean[initial];
            case INT32 -> ints = new int[initial];
            case INT64 -> longs = new long[initial];
            case FLOAT -> floats = new float[initial];
            case DOUBLE -> doubles = new double[initial];
            default -> {
                bytes = new byte[64];
                offsets = new int[initial + 1];
            }
        }
    }

    /** Empties the buffer for the next row group, keeping its arrays. */
    void reset() {
        levelCount = 0;
        valueCount = 0;
    }

    /** Whether the leaf has no entries, i.e. the row group holds no rows. */
    boolean isEmpty() {
        return levelCount == 0 && valueCount == 0;
    }

    /** Entries (values and nulls) buffered; with no levels, equal to {@link #valueCount}. */
    int entryCount() {
        return definitionLevels == null && repetitionLevels == null ? valueCount : levelCount;
    }

    /** In-memory bytes of the buffered entries: what the row-group byte limit counts. */
    long estimatedBytes() {
        long levels = (repetitionLevels != null ? 2L : 0) + (definitionLevels != null ? 2L : 0);
        long size = levels * levelCount;
        return switch (type) {
            case BOOLEAN -> size + valueCount;
            case INT32, FLOAT -> size + 4L * valueCount;
            case INT64, DOUBLE -> size + 8L * valueCount;
            default -> size + 4L * valueCount + offsets[valueCount];
        };
    }

    /** Heap bytes of the buffer's arrays, as allocated (a reset buffer keeps them). */
    long allocatedBytes() {
        long bytes = 0;
        bytes += repetitionLevels == null ? 0 : 2L * repetitionLevels.length;
        bytes += definitionLevels == null ? 0 : 2L * definitionLevels.length;
        bytes += booleans == null ? 0 : booleans.length;
        bytes += ints == null ? 0 : 4L * ints.length;
        bytes += longs == null ? 0 : 8L * longs.length;
        bytes += floats == null ? 0 : 4L * floats.length;
        bytes += doubles == null ? 0 : 8L * doubles.length;
        bytes += this.bytes == null ? 0 : this.bytes.length;
        bytes += offsets == null ? 0 : 4L * offsets.length;
        return bytes;
    }

    // ---- appending: called by the shredders, once per slot ----

    /** Appends a null slot at definition level {@code d}, below the leaf's maximum. */
    void addNull(int r, int d) {
        int i = levelCount;
        if (i == definitionLevels.length) {
            growLevels();
        }
        if (repetitionLevels != null) {
            repetitionLevels[i] = (short) r;
        }
        definitionLevels[i] = (short) d;
        levelCount = i + 1;
    }

    /**
     * Appends a null for this leaf itself (not for an ancestor).
     *
     * @throws ValueRejectedException if the leaf is NOT NULL
     */
    void addLeafNull(int r) {
        if (nullDefinition < 0) {
            throw ValueRejectedException.notNull(path);
        }
        addNull(r, nullDefinition);
    }

    private void addValueLevels(int r) {
        if (definitionLevels == null && repetitionLevels == null) {
            return;
        }
        int i = levelCount;
        if (i == (definitionLevels != null ? definitionLevels.length : repetitionLevels.length)) {
            growLevels();
        }
        if (repetitionLevels != null) {
            repetitionLevels[i] = (short) r;
        }
        if (definitionLevels != null) {
            definitionLevels[i] = (short) maxDefinition;
        }
        levelCount = i + 1;
    }

    void addBoolean(boolean v, int r) {
        addValueLevels(r);
        if (valueCount == booleans.length) {
            booleans = Arrays.copyOf(booleans, grow(booleans.length, 1));
        }
        booleans[valueCount++] = v;
    }

    void addInt(int v, int r) {
        addValueLevels(r);
        if (valueCount == ints.length) {
            ints = Arrays.copyOf(ints, grow(ints.length, 1));
        }
        ints[valueCount++] = v;
    }

    void addLong(long v, int r) {
        addValueLevels(r);
        if (valueCount == longs.length) {
            longs = Arrays.copyOf(longs, grow(longs.length, 1));
        }
        longs[valueCount++] = v;
    }

    void addFloat(float v, int r) {
        addValueLevels(r);
        if (valueCount == floats.length) {
            floats = Arrays.copyOf(floats, grow(floats.length, 1));
        }
        floats[valueCount++] = v;
    }

    void addDouble(double v, int r) {
        addValueLevels(r);
        if (valueCount == doubles.length) {
            doubles = Arrays.copyOf(doubles, grow(doubles.length, 1));
        }
        doubles[valueCount++] = v;
    }

    void addBinary(byte[] src, int off, int len, int r) {
        int start = reserveBinary(len, r);
        System.arraycopy(src, off, bytes, start, len);
    }

    /** Appends bytes held in Flink memory segments (a {@code BinaryStringData}) without a copy. */
    void addBinary(MemorySegment[] segments, int off, int len, int r) {
        int start = reserveBinary(len, r);
        BinarySegmentUtils.copyToBytes(segments, off, bytes, start, len);
    }

    /**
     * Appends a binary value of {@code len} bytes whose content the caller writes into {@link
     * #bytes} at the returned position.
     */
    int reserveBinary(int len, int r) {
        addValueLevels(r);
        int start = offsets[valueCount];
        long end = (long) start + len;
        if (end > bytes.length) {
            if (end > MAX_ARRAY) {
                throw new IllegalStateException(
                        "Cannot buffer column "
                                + path
                                + ": more than "
                                + MAX_ARRAY
                                + " bytes of values in one row group; lower rowGroupBytes");
            }
            bytes =
                    Arrays.copyOf(
                            bytes, (int) Math.min(MAX_ARRAY, Math.max(end, 2L * bytes.length)));
        }
        if (valueCount + 1 == offsets.length) {
            offsets = Arrays.copyOf(offsets, grow(offsets.length, 1));
        }
        offsets[++valueCount] = (int) end;
        return start;
    }

    private void growLevels() {
        int n = definitionLevels != null ? definitionLevels.length : repetitionLevels.length;
        int size = grow(n, 1);
        if (definitionLevels != null) {
            definitionLevels = Arrays.copyOf(definitionLevels, size);
        }
        if (repetitionLevels != null) {
            repetitionLevels = Arrays.copyOf(repetitionLevels, size);
        }
    }

    private int grow(int length, int needed) {
        long wanted = Math.max((long) length + needed, (long) length + (length >> 1) + 16);
        if ((long) length + needed > MAX_ARRAY) {
            throw new IllegalStateException(
                    "Cannot buffer column "
                            + path
                            + ": more than "
                            + MAX_ARRAY
                            + " entries in one row group; lower rowGroupRows or rowGroupBytes");
        }
        return (int) Math.min(wanted, MAX_ARRAY);
    }

    // ---- rollback of a rejected row ----

    /**
     * Drops every entry past the first {@code records} records, undoing a row that was only partly
     * shredded when one of its values was rejected. Scans the levels; runs only on that error path.
     */
    void truncateToRecords(int records) {
        if (repetitionLevels == null && definitionLevels == null) {
            valueCount = Math.min(valueCount, records);
            return;
        }
        int keep = records;
        if (repetitionLevels != null) {
            int seen = 0;
            keep = levelCount;
            for (int i = 0; i < levelCount; i++) {
                if (repetitionLevels[i] == 0 && seen++ == records) {
                    keep = i;
                    break;
                }
            }
        }
        keep = Math.min(keep, levelCount);
        int values = keep;
        if (definitionLevels != null) {
            values = 0;
            for (int i = 0; i < keep; i++) {
                if (definitionLevels[i] == maxDefinition) {
                    values++;
                }
            }
        }
        levelCount = keep;
        valueCount = values;
    }
}
