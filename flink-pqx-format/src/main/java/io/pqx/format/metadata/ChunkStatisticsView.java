package io.pqx.format.metadata;

import io.pqx.format.index.PhysicalType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * What the statistics of one column chunk prove, after pqx's trust rules (the writer's version, the
 * column order, the sort order of the logical type). Immutable and thread-safe; every accessor
 * returning bytes returns a copy.
 *
 * <p><b>Bounds.</b> When {@link #hasMinMax()} is true, every non-null, non-NaN value of the chunk
 * lies within {@code [min, max]} in the column's sort order (signed for signed integers, unsigned
 * bytes for strings and binaries), and a pruner may skip the chunk when a predicate's range lies
 * outside. When false there are no usable bounds ({@link #untrustedReason()} says why) and a pruner
 * must keep the chunk.
 *
 * <p><b>Exactness.</b> {@link #minExact()} / {@link #maxExact()} say the writer declared the bound
 * to be a value of the chunk; false when it did not say, or said it is not (a byte-string bound
 * truncated to a prefix, or a prefix whose last byte was incremented).
 *
 * <p>The null count is independent of the bounds: present whenever the writer recorded it.
 */
@PublicEvolving
public final class ChunkStatisticsView {
    private final PhysicalType type;
    private final OptionalLong nullCount;
    @Nullable private final byte[] min;
    @Nullable private final byte[] max;
    @Nullable private final String minText;
    @Nullable private final String maxText;
    private final boolean minExact;
    private final boolean maxExact;
    @Nullable private final String untrustedReason;

    private ChunkStatisticsView(
            PhysicalType type,
            OptionalLong nullCount,
            @Nullable byte[] min,
            @Nullable byte[] max,
            @Nullable String minText,
            @Nullable String maxText,
            boolean minExact,
            boolean maxExact,
            @Nullable String untrustedReason) {
        this.type = Objects.requireNonNull(type, "type");
        this.nullCount = Objects.requireNonNull(nullCount, "nullCount");
        this.min = min;
        this.max = max;
        this.minText = minText;
        this.maxText = maxText;
        this.minExact = minExact;
        this.maxExact = maxExact;
        this.untrustedReason = untrustedReason;
    }

    /**
     * Statistics with usable bounds.
     *
     * @param min the lower bound, PLAIN-encoded for {@code type} (see {@link PhysicalType}); copied
     * @param minText the lower bound as text for people (the format parquet-column prints for the
     *     leaf's logical type)
     */
    public static ChunkStatisticsView bounded(
            PhysicalType type,
            OptionalLong nullCount,
            byte[] min,
            byte[] max,
            String minText,
            String maxText,
            boolean minExact,
            boolean maxExact) {
        return new ChunkStatisticsView(
                type,
                nullCount,
                min.clone(),
                max.clone(),
                Objects.requireNonNull(minText, "minText"),
                Objects.requireNonNull(maxText, "maxText"),
                minExact,
                maxExact,
                null);
    }

    /** Statistics without usable bounds, for {@code reason}. */
    public static ChunkStatisticsView unbounded(
            PhysicalType type, OptionalLong nullCount, String reason) {
        return new ChunkStatisticsView(
                type,
                nullCount,
                null,
                null,
                null,
                null,
                false,
                false,
                Objects.requireNonNull(reason, "reason"));
    }

    /** The physical type of the chunk's values, which says how the bounds are encoded. */
    public PhysicalType physicalType() {
        return type;
    }

    /** The number of nulls in the chunk, when the writer recorded it. */
    public OptionalLong nullCount() {
        return nullCount;
    }

    /** Whether the bounds are usable (see the class comment). */
    public boolean hasMinMax() {
        return min != null;
    }

    /** Why there are no usable bounds ("no statistics", "...written by a version with ..."). */
    public Optional<String> untrustedReason() {
        return Optional.ofNullable(untrustedReason);
    }

    /** The lower bound PLAIN-encoded (see {@link PhysicalType}). */
    public byte[] minBytes() {
        return bounds(min).clone();
    }

    /** The upper bound PLAIN-encoded (see {@link PhysicalType}). */
    public byte[] maxBytes() {
        return bounds(max).clone();
    }

    /**
     * The lower bound as a Java value of {@link #physicalType()}: {@link Boolean}, {@link Integer},
     * {@link Long}, {@link Float}, {@link Double} or {@code byte[]} (INT96 and binaries).
     */
    public Object min() {
        return decode(bounds(min));
    }

    /** The upper bound, as {@link #min()} gives the lower. */
    public Object max() {
        return decode(bounds(max));
    }

    /**
     * The lower bound as text for people: parquet-column's rendering for the leaf's logical type
     * (digits, dates, UTF-8 text), or {@code 0x...} hex of the bytes when that fails.
     */
    public String minText() {
        bounds(min);
        return minText;
    }

    /** The upper bound as text for people, as {@link #minText()}. */
    public String maxText() {
        bounds(max);
        return maxText;
    }

    /** Whether the writer declared the lower bound to be a value of the chunk. */
    public boolean minExact() {
        return minExact;
    }

    /** Whether the writer declared the upper bound to be a value of the chunk. */
    public boolean maxExact() {
        return maxExact;
    }

    private byte[] bounds(@Nullable byte[] bound) {
        if (bound == null) {
            throw new IllegalStateException(
                    "Cannot read statistics bounds: they are not usable (" + untrustedReason + ")");
        }
        return bound;
    }

    private Object decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        return switch (type) {
            case BOOLEAN -> bytes[0] != 0;
            case INT32 -> b.getInt(0);
            case INT64 -> b.getLong(0);
            case FLOAT -> b.getFloat(0);
            case DOUBLE -> b.getDouble(0);
            case INT96, BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> bytes.clone();
        };
    }

    @Override
    public String toString() {
        if (min == null) {
            return "ChunkStatisticsView{untrusted: "
                    + untrustedReason
                    + ", nulls="
                    + nullCount
                    + "}";
        }
        return "ChunkStatisticsView{min="
                + minText
                + (minExact ? " (exact)" : "")
                + ", max="
                + maxText
                + (maxExact ? " (exact)" : "")
                + ", nulls="
                + nullCount
                + "}";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChunkStatisticsView other
                && type == other.type
                && nullCount.equals(other.nullCount)
                && Arrays.equals(min, other.min)
                && Arrays.equals(max, other.max)
                && Objects.equals(minText, other.minText)
                && Objects.equals(maxText, other.maxText)
                && minExact == other.minExact
                && maxExact == other.maxExact
                && Objects.equals(untrustedReason, other.untrustedReason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                type,
                nullCount,
                Arrays.hashCode(min),
                Arrays.hashCode(max),
                minExact,
                maxExact,
                untrustedReason);
    }
}
