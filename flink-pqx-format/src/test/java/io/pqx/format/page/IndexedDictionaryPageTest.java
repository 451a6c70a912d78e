package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingChunkFile;
import io.pqx.format.error.CorruptFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * A BYTE_ARRAY dictionary page comes out of the page reader with where each string lies, as the
 * page check found them walking the length prefixes (so that the bulk decoder need not walk them
 * again); a page the check refuses is still refused.
 */
class IndexedDictionaryPageTest {
    private static final ColumnDescriptor STRINGS =
            MessageTypeParser.parseMessageType("message m { required binary s; }")
                    .getColumns()
                    .get(0);
    private static final ColumnDescriptor INTS =
            MessageTypeParser.parseMessageType("message m { required int32 a; }")
                    .getColumns()
                    .get(0);

    private static byte[] plainStrings(String... values) {
        ByteBuffer out = ByteBuffer.allocate(1024).order(ByteOrder.LITTLE_ENDIAN);
        for (String v : values) {
            byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
            out.putInt(bytes.length).put(bytes);
        }
        byte[] page = new byte[out.position()];
        out.flip().get(page);
        return page;
    }

    private static DictionaryPage dictionary(ColumnDescriptor column, byte[] body, int count)
            throws IOException {
        return TestingDictionaryPages.read(column, body, count);
    }

    @Test
    void recordsWhereEachStringOfTheDictionaryLies() throws Exception {
        String[] values = {"01/13/09", "", "a longer value", "x"};
        DictionaryPage page = dictionary(STRINGS, plainStrings(values), values.length);
        assertThat(page).isInstanceOf(IndexedDictionaryPage.class);
        IndexedDictionaryPage indexed = (IndexedDictionaryPage) page;
        assertThat(indexed.getDictionarySize()).isEqualTo(values.length);
        assertThat(page.getBytes().toByteBuffer().array()).isSameAs(indexed.bytes());
        for (int id = 0; id < values.length; id++) {
            assertThat(
                            new String(
                                    indexed.bytes(),
                                    indexed.starts()[id],
                                    indexed.lengths()[id],
                                    StandardCharsets.UTF_8))
                    .isEqualTo(values[id]);
        }
    }

    @Test
    void refusesALyingLengthAsBeforeAndIndexesNoOtherType() throws Exception {
        byte[] lying = plainStrings("abc", "de");
        lying[7] = 9; // the second value claims 9 bytes where 2 are left
        assertThatThrownBy(() -> dictionary(STRINGS, lying, 2))
                .isInstanceOf(UncheckedIOException.class)
                .hasCauseInstanceOf(CorruptFileException.class)
                .hasMessageContaining("f.parquet")
                .hasMessageContaining("length prefix says 9 bytes");
        // more values declared than 4-byte lengths fit: nothing is allocated for them, and the
        // check refuses the page
        assertThatThrownBy(() -> dictionary(STRINGS, plainStrings("abc"), 1 << 20))
                .hasCauseInstanceOf(CorruptFileException.class);
        DictionaryPage ints = dictionary(INTS, TestingChunkFile.plain(1, 2, 3), 3);
        assertThat(ints).isNotInstanceOf(IndexedDictionaryPage.class);
    }
}
