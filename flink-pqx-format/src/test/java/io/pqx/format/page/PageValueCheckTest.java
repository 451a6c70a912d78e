package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PageValueCheck}: accepts every page parquet-column's own writers produce (random,
 * constant, extreme and all-null values, so zero-width miniblocks and runs too) and refuses damaged
 * ones in pqx's words, before parquet-column could fail on them with an unchecked exception.
 */
class PageValueCheckTest {
    private static final FileContext CTX = FileContext.of("v.parquet").rowGroup(0).column("c");
    private static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();
    private static final String WHAT = "Cannot decode page 0";

    private static ColumnDescriptor column(PrimitiveTypeName type, Type.Repetition repetition) {
        return new ColumnDescriptor(
                new String[] {"c"},
                Types.primitive(type, repetition)
                        .length(type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? 4 : 0)
                        .named("c"),
                0,
                repetition == Type.Repetition.REQUIRED ? 0 : 1);
    }

    private static PageValueCheck check(PrimitiveTypeName type, Type.Repetition repetition) {
        return new PageValueCheck(CTX, column(type, repetition), 512 << 20);
    }

    private static byte[] bytes(ValuesWriter writer) throws IOException {
        return writer.getBytes().toByteArray();
    }

    private static byte[] hybrid(int width, int... values) throws IOException {
        RunLengthBitPackingHybridEncoder encoder =
                new RunLengthBitPackingHybridEncoder(width, 64, 1 << 20, HEAP);
        for (int v : values) {
            encoder.writeInt(v);
        }
        return encoder.toBytes().toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] le32(int v) {
        return new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)};
    }

    /** Values of a pattern: 0 random, 1 constant, 2 extremes, 3 slowly rising. */
    private static long value(Random random, int pattern, int i) {
        return switch (pattern) {
            case 0 -> random.nextLong();
            case 1 -> 42;
            case 2 -> i % 2 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
            default -> i * 3L;
        };
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void acceptsWhatParquetColumnWrites(int pattern) throws IOException {
        Random random = new Random(pattern);
        int n = 1000;
        DeltaBinaryPackingValuesWriterForInteger ints =
                new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
        DeltaBinaryPackingValuesWriterForLong longs =
                new DeltaBinaryPackingValuesWriterForLong(64, 1 << 20, HEAP);
        DeltaLengthByteArrayValuesWriter dlba =
                new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
        DeltaByteArrayWriter dba = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
        DeltaByteArrayWriter flba = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
        PlainValuesWriter plain = new PlainValuesWriter(64, 1 << 20, HEAP);
        ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter bss =
                new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(64, 1 << 20, HEAP);
        int[] ids = new int[n];
        int[] booleans = new int[n];
        for (int i = 0; i < n; i++) {
            long v = value(random, pattern, i);
            ints.writeInteger((int) v);
            longs.writeLong(v);
            Binary text =
                    Binary.fromString(
                            pattern == 1 ? "same" : "k" + Long.toHexString(v).repeat(1 + i % 3));
            dlba.writeBytes(text);
            dba.writeBytes(text);
            flba.writeBytes(Binary.fromConstantByteArray(le32((int) v)));
            plain.writeBytes(text);
            bss.writeFloat((float) v);
            ids[i] = (int) Math.floorMod(v, 5);
            booleans[i] = (int) (v & 1);
        }
        PageValueCheck binary = check(PrimitiveTypeName.BINARY, Type.Repetition.REQUIRED);
        assertThatCode(
                        () -> {
                            check(PrimitiveTypeName.INT32, Type.Repetition.REQUIRED)
                                    .v2(
                                            new byte[0],
                                            0,
                                            0,
                                            0,
                                            bytes(ints),
                                            bytes(ints).length,
                                            n,
                                            Encoding.DELTA_BINARY_PACKED,
                                            WHAT);
                            check(PrimitiveTypeName.INT64, Type.Repetition.REQUIRED)
                                    .v2(
                                            new byte[0],
                                            0,
                                            0,
                                            0,
                                            bytes(longs),
                                            bytes(longs).length,
                                            n,
                                            Encoding.DELTA_BINARY_PACKED,
                                            WHAT);
                            binary.v2(
                                    new byte[0],
                                    0,
                                    0,
                                    0,
                                    bytes(dlba),
                                    bytes(dlba).length,
                                    n,
                                    Encoding.DELTA_LENGTH_BYTE_ARRAY,
                                    WHAT);
                            binary.v2(
                                    new byte[0],
                                    0,
                                    0,
                                    0,
                                    bytes(dba),
                                    bytes(dba).length,
                                    n,
                                    Encoding.DELTA_BYTE_ARRAY,
                                    WHAT);
                            binary.v1(
                                    concat(bytes(plain)),
                                    concat(bytes(plain)).length,
                                    n,
                                    Encoding.RLE,
                                    Encoding.RLE,
                                    Encoding.PLAIN,
                                    WHAT);
                            check(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, Type.Repetition.REQUIRED)
                                    .v2(
                                            new byte[0],
                                            0,
                                            0,
                                            0,
                                            bytes(flba),
                                            bytes(flba).length,
                                            n,
                                            Encoding.DELTA_BYTE_ARRAY,
                                            WHAT);
                            check(PrimitiveTypeName.FLOAT, Type.Repetition.REQUIRED)
                                    .v2(
                                            new byte[0],
                                            0,
                                            0,
                                            0,
                                            bytes(bss),
                                            bytes(bss).length,
                                            n,
                                            Encoding.BYTE_STREAM_SPLIT,
                                            WHAT);
                            byte[] rle = hybrid(1, booleans);
                            check(PrimitiveTypeName.BOOLEAN, Type.Repetition.REQUIRED)
                                    .v1(
                                            concat(le32(rle.length), rle),
                                            concat(le32(rle.length), rle).length,
                                            n,
                                            Encoding.RLE,
                                            Encoding.RLE,
                                            Encoding.RLE,
                                            WHAT);
                            PageValueCheck dictionary =
                                    check(PrimitiveTypeName.INT32, Type.Repetition.OPTIONAL);
                            dictionary.dictionary(
                                    new byte[20],
                                    5,
                                    Encoding.PLAIN_DICTIONARY,
                                    "Cannot decode dictionary page");
                            int[] levels = new int[n];
                            int nonNull = 0;
                            for (int i = 0; i < n; i++) {
                                levels[i] =
                                        pattern == 3
                                                ? 0
                                                : (i % 7 == 3 ? 0 : 1); // pattern 3: all null
                                nonNull += levels[i];
                            }
                            int[] present = Arrays.copyOf(ids, nonNull);
                            byte[] dl = hybrid(1, levels);
                            byte[] body =
                                    concat(le32(dl.length), dl, new byte[] {3}, hybrid(3, present));
                            dictionary.v1(
                                    body,
                                    body.length,
                                    n,
                                    Encoding.RLE,
                                    Encoding.RLE,
                                    Encoding.RLE_DICTIONARY,
                                    WHAT);
                            dictionary.v2(
                                    dl,
                                    0,
                                    0,
                                    dl.length,
                                    concat(new byte[] {3}, hybrid(3, present)),
                                    concat(new byte[] {3}, hybrid(3, present)).length,
                                    n,
                                    Encoding.RLE_DICTIONARY,
                                    WHAT);
                        })
                .doesNotThrowAnyException();
    }

    @Test
    void acceptsALastBitPackedRunPaddedPastTheValueCount() {
        // as DuckDB writes it: 10 definition levels in one bit-packed run of 3 groups (24 values)
        byte[] levels = {(byte) ((3 << 1) | 1), (byte) 0xFF, (byte) 0x03, 0};
        byte[] values = new byte[40];
        byte[] body = concat(le32(levels.length), levels, values);
        assertThatCode(
                        () ->
                                check(PrimitiveTypeName.INT32, Type.Repetition.OPTIONAL)
                                        .v1(
                                                body,
                                                body.length,
                                                10,
                                                Encoding.RLE,
                                                Encoding.RLE,
                                                Encoding.PLAIN,
                                                WHAT))
                .doesNotThrowAnyException();
    }

    private static void assertRefused(ThrowingCheck check, String reason) {
        assertThatThrownBy(check::run)
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(WHAT + ": " + reason + " (v.parquet, row group 0, column c)")
                .hasNoCause();
    }

    private interface ThrowingCheck {
        void run() throws Exception;
    }

    @Test
    void refusesALengthPrefixRunningPastThePage() {
        // found by the mutation fuzzer: a flipped bit made a PLAIN BYTE_ARRAY value's length
        // 1048577
        byte[] body = concat(le32(1 << 20 | 1), "abcdef".getBytes(StandardCharsets.US_ASCII));
        assertRefused(
                () ->
                        check(PrimitiveTypeName.BINARY, Type.Repetition.REQUIRED)
                                .v1(
                                        body,
                                        body.length,
                                        1,
                                        Encoding.RLE,
                                        Encoding.RLE,
                                        Encoding.PLAIN,
                                        WHAT),
                "value 0's length prefix says 1048577 bytes; 6 are left");
    }

    @Test
    void refusesADictionaryPageTooShortForItsValues() {
        assertThatThrownBy(
                        () ->
                                check(PrimitiveTypeName.INT32, Type.Repetition.REQUIRED)
                                        .dictionary(
                                                new byte[310],
                                                4096,
                                                Encoding.PLAIN,
                                                "Cannot decode dictionary page"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode dictionary page: the dictionary page declares 4096 values in 310"
                                + " bytes (v.parquet, row group 0, column c)");
        // found by the mutation fuzzer: a BYTE_ARRAY dictionary cut by a deleted range
        byte[] cut =
                concat(
                        le32(3),
                        "abc".getBytes(StandardCharsets.US_ASCII),
                        le32(102047897),
                        new byte[5]);
        assertThatThrownBy(
                        () ->
                                check(PrimitiveTypeName.BINARY, Type.Repetition.REQUIRED)
                                        .dictionary(
                                                cut,
                                                2,
                                                Encoding.PLAIN_DICTIONARY,
                                                "Cannot decode dictionary page"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode dictionary page: value 1's length prefix says 102047897 bytes; 5"
                                + " are left (v.parquet, row group 0, column c)");
    }

    @Test
    void refusesDictionaryIdsOutsideTheDictionaryOrWithoutOne() throws IOException {
        byte[] ids = concat(new byte[] {3}, hybrid(3, 0, 1, 7));
        assertRefused(
                () ->
                        check(PrimitiveTypeName.INT64, Type.Repetition.REQUIRED)
                                .v2(
                                        new byte[0],
                                        0,
                                        0,
                                        0,
                                        ids,
                                        ids.length,
                                        3,
                                        Encoding.RLE_DICTIONARY,
                                        WHAT),
                "the page is dictionary-encoded but the column chunk has no dictionary page");
        PageValueCheck check = check(PrimitiveTypeName.INT64, Type.Repetition.REQUIRED);
        check.dictionary(new byte[16], 2, Encoding.PLAIN, "Cannot decode dictionary page");
        assertRefused(
                () ->
                        check.v2(
                                new byte[0],
                                0,
                                0,
                                0,
                                ids,
                                ids.length,
                                3,
                                Encoding.RLE_DICTIONARY,
                                WHAT),
                "dictionary id 7 is outside the dictionary of 2 values");
    }

    @Test
    void refusesLevelsThatEndEarlyRunNoValuesOrExceedTheMaximum() throws IOException {
        PageValueCheck check = check(PrimitiveTypeName.INT32, Type.Repetition.OPTIONAL);
        byte[] three = hybrid(1, 1, 1, 1);
        assertRefused(
                () ->
                        check.v2(
                                three,
                                0,
                                0,
                                three.length,
                                new byte[40],
                                40,
                                10,
                                Encoding.PLAIN,
                                WHAT),
                "definition levels end after 8 of 10 values"); // the encoder packs 3 values in a
        // group of 8
        byte[] empty = {0, 1}; // an RLE run of no values
        assertRefused(
                () -> check.v2(empty, 0, 0, empty.length, new byte[4], 4, 1, Encoding.PLAIN, WHAT),
                "definition levels: a run of no values at byte 0");
        byte[] two = {(byte) (1 << 1), 2}; // one RLE value 2 for a maximum level of 1
        assertRefused(
                () -> check.v2(two, 0, 0, two.length, new byte[4], 4, 1, Encoding.PLAIN, WHAT),
                "definition levels: level 2 exceeds the column's maximum 1");
        assertRefused(
                () ->
                        check.v1(
                                new byte[8],
                                8,
                                1,
                                Encoding.PLAIN,
                                Encoding.RLE,
                                Encoding.PLAIN,
                                WHAT),
                "repetition levels in encoding PLAIN (only RLE or BIT_PACKED)");
    }

    @Test
    void refusesFixedWidthValuesTheBytesCannotHold() {
        assertRefused(
                () ->
                        check(PrimitiveTypeName.DOUBLE, Type.Repetition.REQUIRED)
                                .v1(
                                        new byte[20],
                                        20,
                                        3,
                                        Encoding.RLE,
                                        Encoding.RLE,
                                        Encoding.PLAIN,
                                        WHAT),
                "3 DOUBLE values need 24 bytes; 20 are left");
        // a reused page buffer holds a longer earlier page's bytes past this page's end: unread
        assertRefused(
                () ->
                        check(PrimitiveTypeName.DOUBLE, Type.Repetition.REQUIRED)
                                .v1(
                                        new byte[64],
                                        20,
                                        3,
                                        Encoding.RLE,
                                        Encoding.RLE,
                                        Encoding.PLAIN,
                                        WHAT),
                "3 DOUBLE values need 24 bytes; 20 are left");
        assertRefused(
                () ->
                        check(PrimitiveTypeName.FLOAT, Type.Repetition.REQUIRED)
                                .v2(
                                        new byte[0],
                                        0,
                                        0,
                                        0,
                                        new byte[10],
                                        10,
                                        2,
                                        Encoding.BYTE_STREAM_SPLIT,
                                        WHAT),
                "BYTE_STREAM_SPLIT section of 10 bytes does not hold 2 values of 4 bytes");
        assertRefused(
                () ->
                        check(PrimitiveTypeName.FLOAT, Type.Repetition.REQUIRED)
                                .v2(
                                        new byte[0],
                                        0,
                                        0,
                                        0,
                                        new byte[12],
                                        12,
                                        2,
                                        Encoding.BYTE_STREAM_SPLIT,
                                        WHAT),
                "BYTE_STREAM_SPLIT section of 12 bytes holds 3 values of 4 bytes; the page has 2");
        assertRefused(
                () ->
                        check(PrimitiveTypeName.INT32, Type.Repetition.REQUIRED)
                                .v2(new byte[0], 0, 0, 0, new byte[10], 10, 2, Encoding.RLE, WHAT),
                "encoding RLE cannot encode INT32 values");
    }

    @Test
    void refusesDeltaStreamsCutShortOrInconsistent() throws IOException {
        DeltaBinaryPackingValuesWriterForInteger ints =
                new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
        for (int i = 0; i < 300; i++) {
            ints.writeInteger(i * 1000);
        }
        byte[] whole = bytes(ints);
        byte[] cut = Arrays.copyOf(whole, whole.length - 10);
        assertThatThrownBy(
                        () ->
                                check(PrimitiveTypeName.INT32, Type.Repetition.REQUIRED)
                                        .v2(
                                                new byte[0],
                                                0,
                                                0,
                                                0,
                                                cut,
                                                cut.length,
                                                300,
                                                Encoding.DELTA_BINARY_PACKED,
                                                WHAT))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith(WHAT + ": DELTA_BINARY_PACKED values: ")
                .hasMessageContaining(" cut off at byte ")
                .hasNoCause();

        DeltaLengthByteArrayValuesWriter dlba =
                new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
        dlba.writeBytes(Binary.fromString("abcd"));
        dlba.writeBytes(Binary.fromString("efgh"));
        byte[] lengthsOnly = Arrays.copyOf(bytes(dlba), bytes(dlba).length - 3);
        assertRefused(
                () ->
                        check(PrimitiveTypeName.BINARY, Type.Repetition.REQUIRED)
                                .v2(
                                        new byte[0],
                                        0,
                                        0,
                                        0,
                                        lengthsOnly,
                                        lengthsOnly.length,
                                        2,
                                        Encoding.DELTA_LENGTH_BYTE_ARRAY,
                                        WHAT),
                "DELTA_LENGTH_BYTE_ARRAY lengths add up to 8 bytes by value 1; 5 are left");

        // DELTA_BYTE_ARRAY: the second value claims 9 bytes of a first value of 4
        DeltaBinaryPackingValuesWriterForInteger prefixes =
                new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
        prefixes.writeInteger(0);
        prefixes.writeInteger(9);
        DeltaLengthByteArrayValuesWriter suffixes =
                new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
        suffixes.writeBytes(Binary.fromString("abcd"));
        suffixes.writeBytes(Binary.fromString("e"));
        byte[] dba = BytesInput.concat(prefixes.getBytes(), suffixes.getBytes()).toByteArray();
        assertRefused(
                () ->
                        check(PrimitiveTypeName.BINARY, Type.Repetition.REQUIRED)
                                .v2(
                                        new byte[0],
                                        0,
                                        0,
                                        0,
                                        dba,
                                        dba.length,
                                        2,
                                        Encoding.DELTA_BYTE_ARRAY,
                                        WHAT),
                "value 1 reuses a prefix of 9 bytes of a previous value of 4");
    }
}
