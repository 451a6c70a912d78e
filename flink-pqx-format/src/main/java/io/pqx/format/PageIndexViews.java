package io.pqx.format;

import io.pqx.format.index.BoundaryOrder;
import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.index.PageLocation;
import io.pqx.format.index.PhysicalType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Turns the parquet-column page index objects the internal packages work with into pqx's public
 * {@link ColumnIndexView} and {@link OffsetIndexView}. Stateless.
 */
final class PageIndexViews {
    private PageIndexViews() {}

    static ColumnIndexView columnIndex(ColumnIndex index, PrimitiveType type) {
        List<Boolean> nullPageList = index.getNullPages();
        int pages = nullPageList.size();
        boolean[] nullPages = new boolean[pages];
        byte[][] mins = new byte[pages][];
        byte[][] maxes = new byte[pages][];
        List<ByteBuffer> minValues = index.getMinValues();
        List<ByteBuffer> maxValues = index.getMaxValues();
        for (int i = 0; i < pages; i++) {
            nullPages[i] = nullPageList.get(i);
            mins[i] = nullPages[i] ? new byte[0] : bytes(minValues.get(i));
            maxes[i] = nullPages[i] ? new byte[0] : bytes(maxValues.get(i));
        }
        List<Long> nullCountList = index.getNullCounts();
        long[] nullCounts = null;
        if (nullCountList != null && nullCountList.size() == pages) {
            nullCounts = new long[pages];
            for (int i = 0; i < pages; i++) {
                nullCounts[i] = nullCountList.get(i);
            }
        }
        return ColumnIndexView.of(
                physicalType(type),
                BoundaryOrder.valueOf(index.getBoundaryOrder().name()),
                nullPages,
                nullCounts,
                mins,
                maxes);
    }

    static OffsetIndexView offsetIndex(OffsetIndex index) {
        List<PageLocation> pages = new ArrayList<>(index.getPageCount());
        for (int i = 0; i < index.getPageCount(); i++) {
            pages.add(
                    new PageLocation(
                            index.getOffset(i),
                            index.getCompressedPageSize(i),
                            index.getFirstRowIndex(i)));
        }
        return OffsetIndexView.of(pages);
    }

    static PhysicalType physicalType(PrimitiveType type) {
        return switch (type.getPrimitiveTypeName()) {
            case BOOLEAN -> PhysicalType.BOOLEAN;
            case INT32 -> PhysicalType.INT32;
            case INT64 -> PhysicalType.INT64;
            case INT96 -> PhysicalType.INT96;
            case FLOAT -> PhysicalType.FLOAT;
            case DOUBLE -> PhysicalType.DOUBLE;
            case BINARY -> PhysicalType.BYTE_ARRAY;
            case FIXED_LEN_BYTE_ARRAY -> PhysicalType.FIXED_LEN_BYTE_ARRAY;
        };
    }

    private static byte[] bytes(ByteBuffer buffer) {
        ByteBuffer b = buffer.duplicate();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }
}
