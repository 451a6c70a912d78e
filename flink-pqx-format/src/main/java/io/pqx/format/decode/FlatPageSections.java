package io.pqx.format.decode;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import javax.annotation.Nullable;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;

/**
 * A flat leaf's data page cut into its definition levels (null when the leaf is required), its
 * values and their encoding, all on the heap; {@link #of} gives none for a page the flat path does
 * not take, which then goes through parquet-column and its checks.
 */
record FlatPageSections(@Nullable ByteBuffer levels, ByteBuffer data, Encoding encoding) {

    /** The sections of {@code page}, or null when the flat path declines it. */
    @Nullable
    static FlatPageSections of(DataPage page, boolean nullable) {
        FlatPageSections sections;
        try {
            if (page instanceof DataPageV1 v1) {
                // parquet-column decodes both level sections by their encodings (even of width
                // 0, where RLE and BIT_PACKED read nothing); anything else it may reject
                if (!isLevelEncoding(v1.getRlEncoding())
                        || !isLevelEncoding(v1.getDlEncoding())
                        || (nullable && v1.getDlEncoding() != Encoding.RLE)) {
                    return null;
                }
                ByteBuffer data = v1.getBytes().toByteBuffer();
                ByteBuffer levels = nullable ? v1LevelSection(data) : null;
                if (nullable && levels == null) {
                    return null;
                }
                sections = new FlatPageSections(levels, data, v1.getValueEncoding());
            } else if (page instanceof DataPageV2 v2) {
                ByteBuffer levels = nullable ? v2.getDefinitionLevels().toByteBuffer() : null;
                sections =
                        new FlatPageSections(
                                levels, v2.getData().toByteBuffer(), v2.getDataEncoding());
            } else {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        boolean onHeap =
                sections.data().hasArray()
                        && (sections.levels() == null || sections.levels().hasArray());
        return onHeap ? sections : null;
    }

    private static boolean isLevelEncoding(Encoding encoding) {
        return encoding == Encoding.RLE || encoding == Encoding.BIT_PACKED;
    }

    /** The v1 definition-level section (after its 4-byte length); advances {@code data} past it. */
    @Nullable
    private static ByteBuffer v1LevelSection(ByteBuffer data) {
        if (data.remaining() < 4) {
            return null;
        }
        int length = data.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt();
        if (length < 0 || length > data.remaining() - 4) {
            return null;
        }
        ByteBuffer levels = data.duplicate();
        levels.position(data.position() + 4).limit(data.position() + 4 + length);
        data.position(data.position() + 4 + length);
        return levels;
    }
}
