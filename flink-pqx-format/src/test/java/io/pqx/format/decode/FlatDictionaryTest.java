package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

class FlatDictionaryTest {

    static Dictionary binaryDictionary(String... values) throws Exception {
        PlainValuesWriter writer = new PlainValuesWriter(64, 1024, new HeapByteBufferAllocator());
        for (String v : values) {
            writer.writeBytes(Binary.fromString(v));
        }
        byte[] bytes = writer.getBytes().toByteArray();
        ColumnDescriptor column = new ColumnDescriptor(new String[] {"s"},
                Types.required(PrimitiveTypeName.BINARY).named("s"), 0, 0);
        return new DictionaryPage(BytesInput.from(bytes), values.length, Encoding.PLAIN).decode(column);
    }

    @Test
    void packsStringsSoEveryIdLooksUpItsOwnBytes() throws Exception {
        String[] values = {"01/13/09", "01/14/09", "", "a longer value", "x"};
        FlatDictionary flat = FlatDictionary.of(PrimitiveTypeName.BINARY, binaryDictionary(values));
        assertThat(flat.usable()).isTrue();
        assertThat(flat.size()).isEqualTo(values.length);
        int[] ids = {4, 0, 1, 2, 3, 0};
        int[] starts = new int[ids.length];
        int[] lengths = new int[ids.length];
        flat.lookupBinaries(ids, starts, lengths, ids.length);
        for (int i = 0; i < ids.length; i++) {
            String got = new String(flat.bytes(), starts[i], lengths[i], StandardCharsets.UTF_8);
            assertThat(got).as("id %d", ids[i]).isEqualTo(values[ids[i]]);
        }
    }
}
