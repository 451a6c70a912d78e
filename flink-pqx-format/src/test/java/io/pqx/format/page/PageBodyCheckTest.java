package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.io.ByteArrayInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

class PageBodyCheckTest {
    private static final ColumnDescriptor OPTIONAL_INT =
            new ColumnDescriptor(
                    new String[] {"c"}, Types.optional(PrimitiveTypeName.INT32).named("c"), 0, 1);

    private static PageBodyCheck check() {
        return new PageBodyCheck(
                FileContext.of("f.parquet").rowGroup(0).column("c"), OPTIONAL_INT, 1 << 20);
    }

    @Test
    void rejectsABitPackedRunWhoseSixByteHeaderParquetReadsAsHuge() throws Exception {
        // a six-byte varint: parquet-column accepts it and reads 0x1FFFFFFF, a bit-packed run of
        // 2^28 - 1 groups for which its decoder would allocate int[2^31 - 8]
        byte[] levels = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x81, 0x00};
        assertThat(BytesUtils.readUnsignedVarInt(new ByteArrayInputStream(levels)))
                .isEqualTo(0x1FFFFFFF);
        assertThatThrownBy(
                        () ->
                                check().v2(
                                                levels,
                                                0,
                                                0,
                                                levels.length,
                                                new byte[40],
                                                40,
                                                10,
                                                Encoding.PLAIN,
                                                "Cannot decode page 0"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith("Cannot decode page 0: a bit-packed run of");
    }

    private static final ColumnDescriptor REQUIRED_BINARY =
            new ColumnDescriptor(
                    new String[] {"s"}, Types.required(PrimitiveTypeName.BINARY).named("s"), 0, 0);

    private static void checkByteArray(byte[] data, int values) throws CorruptFileException {
        new PageBodyCheck(
                        FileContext.of("f.parquet").rowGroup(0).column("s"),
                        REQUIRED_BINARY,
                        1 << 20)
                .v2(
                        new byte[0],
                        0,
                        0,
                        0,
                        data,
                        data.length,
                        values,
                        Encoding.DELTA_BYTE_ARRAY,
                        "Cannot decode page 0");
    }

    @Test
    void walksTheDeltaByteArrayPrefixesOfAPage() throws Exception {
        HeapByteBufferAllocator heap = new HeapByteBufferAllocator();
        DeltaByteArrayWriter writer = new DeltaByteArrayWriter(64, 1 << 20, heap);
        for (int i = 0; i < 3000; i++) {
            writer.writeBytes(Binary.fromString("a-shared-prefix-" + (i * 7919 % 1000)));
        }
        checkByteArray(writer.getBytes().toByteArray(), 3000);

        byte[] data = lyingPrefixes();
        assertThatThrownBy(() -> checkByteArray(data, 3))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: value 2 reuses a prefix of 1000 bytes, longer than"
                                + " the page (f.parquet, row group 0, column s)");
    }

    /** DELTA_BYTE_ARRAY values whose third claims a prefix of 1000 bytes, longer than the page. */
    private static byte[] lyingPrefixes() throws Exception {
        HeapByteBufferAllocator heap = new HeapByteBufferAllocator();
        DeltaBinaryPackingValuesWriterForInteger prefixes =
                new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, heap);
        prefixes.writeInteger(0);
        prefixes.writeInteger(1);
        prefixes.writeInteger(1000);
        DeltaLengthByteArrayValuesWriter suffixes =
                new DeltaLengthByteArrayValuesWriter(64, 1 << 20, heap);
        suffixes.writeBytes(Binary.fromString("ab"));
        suffixes.writeBytes(Binary.fromString("c"));
        suffixes.writeBytes(Binary.fromString("d"));
        return BytesInput.concat(prefixes.getBytes(), suffixes.getBytes()).toByteArray();
    }

    @Test
    void leavesTheDeltaByteArrayPrefixWalkForLaterWhenAsked() throws Exception {
        byte[] data = lyingPrefixes();
        byte[] section = new byte[data.length + 7]; // the section lies inside a larger buffer
        System.arraycopy(data, 0, section, 5, data.length);
        PageBodyCheck check =
                new PageBodyCheck(
                        FileContext.of("f.parquet").rowGroup(0).column("s"),
                        REQUIRED_BINARY,
                        1 << 20);
        byte[] none = new byte[0];
        check.v2(
                none,
                0,
                0,
                0,
                section,
                5,
                data.length,
                3,
                Encoding.DELTA_BYTE_ARRAY,
                "Cannot decode page 0",
                false);
        assertThatThrownBy(
                        () ->
                                check.v2Prefixes(
                                        section,
                                        5,
                                        data.length,
                                        3,
                                        Encoding.DELTA_BYTE_ARRAY,
                                        "Cannot decode page 0"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: value 2 reuses a prefix of 1000 bytes, longer than"
                                + " the page (f.parquet, row group 0, column s)");
        // a v1 page (no levels: a required column) likewise
        check.v1(
                section,
                5,
                data.length,
                3,
                Encoding.RLE,
                Encoding.RLE,
                Encoding.DELTA_BYTE_ARRAY,
                "Cannot decode page 0",
                false);
        assertThatThrownBy(
                        () ->
                                check.v1Prefixes(
                                        section,
                                        5,
                                        data.length,
                                        3,
                                        Encoding.RLE,
                                        Encoding.RLE,
                                        Encoding.DELTA_BYTE_ARRAY,
                                        "Cannot decode page 0"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("value 2 reuses a prefix of 1000 bytes");
    }

    @Test
    void acceptsRunsThatFitThePage() throws Exception {
        byte[] levels = {0x14, 0x01}; // an RLE run of 10 ones
        check().v2(
                        levels,
                        0,
                        0,
                        levels.length,
                        new byte[40],
                        40,
                        10,
                        Encoding.PLAIN,
                        "Cannot decode page 0");
    }

    @Test
    void readsNoByteOfAReusedBufferPastThePage() {
        // the page is the buffer's first 6 bytes; its level section claims 8, which the stale
        // bytes of a longer earlier page behind it would supply
        byte[] buffer = new byte[64];
        buffer[0] = 8;
        assertThatThrownBy(
                        () ->
                                check().v1(
                                                buffer,
                                                6,
                                                10,
                                                Encoding.RLE,
                                                Encoding.RLE,
                                                Encoding.PLAIN,
                                                "Cannot decode page 0"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining(
                        "level section of 8 bytes exceeds the 2 bytes left in the page");
    }
}
