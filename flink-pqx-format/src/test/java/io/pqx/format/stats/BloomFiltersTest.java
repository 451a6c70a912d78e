package io.pqx.format.stats;

import static io.pqx.format.stats.TestingBloomFilters.firstChunksFilter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileRange;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.footer.TestingFooters;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.PositionOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.format.BloomFilterAlgorithm;
import org.apache.parquet.format.BloomFilterCompression;
import org.apache.parquet.format.BloomFilterHash;
import org.apache.parquet.format.BloomFilterHeader;
import org.apache.parquet.format.SplitBlockAlgorithm;
import org.apache.parquet.format.Uncompressed;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.XxHash;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BloomFiltersTest {
    private static final FileContext CTX = FileContext.of("b.parquet").rowGroup(0).column("k");

    private static BloomFilter filterOf(long... values) {
        BlockSplitBloomFilter filter = new BlockSplitBloomFilter(1024);
        for (long v : values) {
            filter.insertHash(filter.hash(v));
        }
        return filter;
    }

    /** Prefix bytes, the filter, and trailing bytes (standing in for the footer). */
    private static byte[] fileWith(BloomFilter filter, FileRange[] range) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(new byte[] {'P', 'A', 'R', '1', 1, 2, 3});
        PositionOutputStream out = new PositionOutputStream(bytes, bytes.size());
        range[0] = BloomFilters.write(out, filter);
        bytes.write(new byte[30]);
        return bytes.toByteArray();
    }

    @Test
    void roundTripsAFilterWithAndWithoutRecordedLength() throws IOException {
        BloomFilter filter = filterOf(7, 42, 1_000_000);
        FileRange[] range = new FileRange[1];
        byte[] bytes = fileWith(filter, range);
        assertThat(range[0].offset()).isEqualTo(7);
        assertThat(range[0].length()).isGreaterThan(1024);
        InputFile file = new ByteArrayInputFile("b.parquet", bytes);

        for (long length : new long[] {range[0].length(), -1}) {
            BloomFilter read =
                    BloomFilters.read(file, range[0].offset(), length, CTX).orElseThrow();
            assertThat(read).isEqualTo(filter);
            assertThat(read.findHash(read.hash(42L))).isTrue();
            assertThat(read.findHash(read.hash(1_000_000L))).isTrue();
            assertThat(read.findHash(read.hash(43L))).isFalse();
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "data_index_bloom_encoding_stats.parquet",
                "data_index_bloom_encoding_with_length.parquet"
            })
    void readsTheFiltersOfRealFiles(String name) throws IOException {
        BloomFilter ours = firstChunksFilter(name);
        // The column's min is "Hello"; every value is in the filter.
        assertThat(ours.findHash(ours.hash(Binary.fromString("Hello")))).isTrue();
        assertThat(ours.findHash(ours.hash(Binary.fromString("today")))).isTrue();
        assertThat(ours.findHash(ours.hash(Binary.fromString("not a value of this file"))))
                .isFalse();
    }

    @Test
    void reportsAChunkWithoutFilterAsAbsent() throws IOException {
        byte[] bytes = TestingFooters.bytes(TestingParquetFiles.data("alltypes_plain.parquet"));
        InputFile file = new ByteArrayInputFile("plain", bytes);
        ColumnChunkMetadata chunk =
                FooterReader.read(file, 1 << 20).rowGroups().get(0).columns().get(0);
        assertThat(BloomFilters.read(file, chunk, chunk.context())).isEmpty();
    }

    @Test
    void reportsAnUnknownAlgorithmAsAbsent() throws IOException {
        FileRange[] range = new FileRange[1];
        byte[] bytes = fileWith(filterOf(1), range);
        // Header: numBytes (0x15 ...), algorithm (0x1C) whose union member BLOCK is field 1
        // (0x1C). Renumber that member to field 2, an algorithm this version does not know.
        int at = (int) range[0].offset();
        while (!(bytes[at] == 0x1C && bytes[at + 1] == 0x1C)) {
            at++;
        }
        bytes[at + 1] = 0x2C;
        InputFile file = new ByteArrayInputFile("b.parquet", bytes);
        assertThat(BloomFilters.read(file, range[0].offset(), range[0].length(), CTX))
                .isEqualTo(Optional.empty());
    }

    @Test
    void rejectsABitsetLongerThanTheFile() throws IOException {
        FileRange[] range = new FileRange[1];
        byte[] bytes = fileWith(filterOf(1), range);
        byte[] cut = Arrays.copyOf(bytes, (int) range[0].offset() + 100);
        InputFile file = new ByteArrayInputFile("b.parquet", cut);
        assertThatThrownBy(() -> BloomFilters.read(file, range[0].offset(), -1, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith(
                        "Cannot read bloom filter: its bitset of 1024 bytes does not fit")
                .hasMessageEndingWith("(b.parquet, row group 0, column k)");
    }

    @Test
    void rejectsARecordedLengthThatDisagreesWithTheHeader() throws IOException {
        FileRange[] range = new FileRange[1];
        byte[] bytes = fileWith(filterOf(1), range);
        InputFile file = new ByteArrayInputFile("b.parquet", bytes);
        assertThatThrownBy(
                        () ->
                                BloomFilters.read(
                                        file, range[0].offset(), range[0].length() + 8, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("recorded length " + (range[0].length() + 8));
    }

    @Test
    void rejectsAGarbageHeader() {
        byte[] bytes = new byte[200];
        Arrays.fill(bytes, (byte) 0x2B);
        InputFile file = new ByteArrayInputFile("b.parquet", bytes);
        assertThatThrownBy(() -> BloomFilters.read(file, 10, -1, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith(
                        "Cannot read bloom filter: its header is not valid Thrift: ");
    }

    @Test
    void rejectsABitsetShorterThanOneBlock() throws IOException {
        // a header declaring a 16-byte bitset (a multiple of 16, but no whole 32-byte block)
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(new byte[] {'P', 'A', 'R', '1'});
        Util.writeBloomFilterHeader(
                new BloomFilterHeader(
                        16,
                        BloomFilterAlgorithm.BLOCK(new SplitBlockAlgorithm()),
                        BloomFilterHash.XXHASH(new XxHash()),
                        BloomFilterCompression.UNCOMPRESSED(new Uncompressed())),
                bytes);
        bytes.write(new byte[16 + 30]);
        InputFile file = new ByteArrayInputFile("b.parquet", bytes.toByteArray());
        assertThatThrownBy(() -> BloomFilters.read(file, 4, -1, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith(
                        "Cannot read bloom filter: its bitset of 16 bytes does not fit");
    }
}
