package io.pqx.format.stats;

import io.pqx.format.footer.ColumnChunkMetadata;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.column.statistics.Statistics;

/**
 * What a column chunk's statistics prove, after the trust rules of {@link StatisticsConverter}.
 *
 * <p>Guarantees: when {@code hasMinMax} is true, {@code minMax} holds bounds that every non-null,
 * non-NaN value of the chunk lies within, compared with {@code minMax.comparator()}; when false,
 * {@code minMax} is null and {@code untrustedReason} says why the bounds cannot be used (a pruner
 * must keep the chunk). {@code minExact}/{@code maxExact} say that the bound is a value that occurs
 * in the chunk (not truncated or widened); false when unknown. {@code nullCount} is the number of
 * nulls when the writer recorded it, independent of whether min/max are trusted.
 *
 * <p>Immutable (callers must not mutate {@code minMax}); produced by {@link #of} (for a column
 * chunk of a footer) and {@link StatisticsConverter#fromThrift}, used by pruners and {@code pqx
 * meta}.
 */
@Internal
public record ChunkStatistics(
        OptionalLong nullCount,
        boolean hasMinMax,
        @Nullable Statistics<?> minMax,
        boolean minExact,
        boolean maxExact,
        @Nullable String untrustedReason) {

    public ChunkStatistics {
        if (hasMinMax != (minMax != null)) {
            throw new IllegalArgumentException("minMax must be set exactly when hasMinMax is true");
        }
        if (hasMinMax == (untrustedReason != null)) {
            throw new IllegalArgumentException(
                    "untrustedReason must be set exactly when hasMinMax is false");
        }
    }

    /**
     * What the statistics of {@code chunk} prove, under the file's column order and writer: the
     * same as {@link StatisticsConverter#fromThrift} on the chunk's Thrift statistics.
     */
    public static ChunkStatistics of(ColumnChunkMetadata chunk) {
        return StatisticsConverter.fromThrift(
                chunk.meta().getStatistics(),
                chunk.descriptor().getPrimitiveType(),
                chunk.columnOrder(),
                chunk.createdBy());
    }

    /** Statistics whose bounds cannot be used, for {@code reason}. */
    public static ChunkStatistics untrusted(OptionalLong nullCount, String reason) {
        return new ChunkStatistics(nullCount, false, null, false, false, reason);
    }
}
