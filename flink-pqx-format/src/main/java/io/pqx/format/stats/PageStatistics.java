package io.pqx.format.stats;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.schema.PrimitiveType;

/**
 * What each page's entry of a column index proves, under the very trust rules of chunk statistics
 * ({@link StatisticsConverter#fromThrift}): a page's bounds are made into a chunk statistics struct
 * and judged as one, so an undefined column order, the deprecated signed order of binary columns,
 * INT96, NaN bounds, writers with known-wrong binary statistics (PARQUET-251) and bounds of the
 * wrong width all give no bounds, and floating-point zero bounds are widened.
 *
 * <p>Column indexes record no exactness: byte-array bounds (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY) are
 * marked inexact, since writers truncate them, so they serve as range bounds and never for
 * equality; a truncated decimal is no bound at all. A null page has no bounds. Stateless.
 */
@Internal
public final class PageStatistics {
    private PageStatistics() {}

    /**
     * One {@link ChunkStatistics} per page of {@code index}, in page order.
     *
     * @param order the file's column order for the leaf, null when the footer has none
     * @param createdBy the file's {@code created_by}, null when absent
     * @throws IllegalArgumentException when the index's lists disagree in length
     */
    public static List<ChunkStatistics> of(
            ColumnIndex index,
            PrimitiveType type,
            @Nullable ColumnOrder order,
            @Nullable String createdBy) {
        List<Boolean> nullPages = index.getNull_pages();
        int pages = nullPages.size();
        List<ByteBuffer> mins = index.getMin_values();
        List<ByteBuffer> maxes = index.getMax_values();
        List<Long> nullCounts = index.getNull_counts();
        if (mins.size() != pages
                || maxes.size() != pages
                || (nullCounts != null && nullCounts.size() != pages)) {
            throw new IllegalArgumentException(
                    "the column index lists "
                            + pages
                            + " pages, "
                            + mins.size()
                            + " mins, "
                            + maxes.size()
                            + " maxes and "
                            + (nullCounts == null ? "no" : nullCounts.size())
                            + " null counts");
        }
        boolean binary = TypeOrders.isByteArray(type);
        List<ChunkStatistics> out = new ArrayList<>(pages);
        for (int p = 0; p < pages; p++) {
            OptionalLong nulls =
                    nullCounts == null || nullCounts.get(p) == null || nullCounts.get(p) < 0
                            ? OptionalLong.empty()
                            : OptionalLong.of(nullCounts.get(p));
            if (Boolean.TRUE.equals(nullPages.get(p))) {
                out.add(ChunkStatistics.untrusted(nulls, "the page holds only nulls"));
                continue;
            }
            Statistics s = new Statistics();
            s.setMin_value(bytes(mins.get(p)));
            s.setMax_value(bytes(maxes.get(p)));
            nulls.ifPresent(s::setNull_count);
            if (binary) {
                s.setIs_min_value_exact(false);
                s.setIs_max_value_exact(false);
            }
            out.add(StatisticsConverter.fromThrift(s, type, order, createdBy));
        }
        return out;
    }

    private static byte[] bytes(ByteBuffer buffer) {
        ByteBuffer b = buffer.duplicate();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }
}
