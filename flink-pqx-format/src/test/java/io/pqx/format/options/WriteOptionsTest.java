package io.pqx.format.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class WriteOptionsTest {

    @Test
    void defaultsAreZstd3V1PagesAndOneMillionRowGroups() {
        WriteOptions o = WriteOptions.defaults();
        assertThat(o.codec()).isEqualTo(Compression.ZSTD);
        assertThat(o.compressionLevel()).isEqualTo(3);
        assertThat(o.pageVersion()).isEqualTo(PageVersion.V1);
        assertThat(o.pageSizeBytes()).isEqualTo(1 << 20);
        assertThat(o.dictionaryPageSizeBytes()).isEqualTo(1 << 20);
        assertThat(o.pageRowLimit()).isEqualTo(20_000);
        assertThat(o.rowGroupRows()).isEqualTo(1_000_000);
        assertThat(o.rowGroupBytes()).isEqualTo(128L << 20);
        assertThat(o.dictionaryEnabled()).isTrue();
        assertThat(o.statisticsEnabled()).isTrue();
        assertThat(o.pageIndexEnabled()).isTrue();
        assertThat(o.pageChecksums()).isTrue();
        assertThat(o.statisticsTruncateLength()).isEqualTo(64);
        assertThat(o.columnIndexTruncateLength()).isEqualTo(64);
        assertThat(o.createdBy()).isEqualTo("pqx version 0.1.0 (build pqx)");
    }

    @Test
    void dictionaryPagesBelow64BytesAreRefusedWithTheOptionNamed() {
        assertThat(
                        WriteOptions.builder()
                                .dictionaryPageSizeBytes(64)
                                .build()
                                .dictionaryPageSizeBytes())
                .isEqualTo(64);
        Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> WriteOptions.builder().dictionaryPageSizeBytes(63).build())
                .withMessage(
                        "Cannot build WriteOptions: dictionaryPageSizeBytes must be >= 64 "
                                + "but is 63");
    }

    @Test
    void gzipDefaultsToLevelSix() {
        assertThat(WriteOptions.builder().codec(Compression.GZIP).build().compressionLevel())
                .isEqualTo(6);
    }

    @Test
    void toBuilderKeepsEveryOption() {
        WriteOptions o =
                WriteOptions.builder()
                        .codec(Compression.SNAPPY)
                        .pageVersion(PageVersion.V2)
                        .rowGroupRows(10)
                        .bloomFilter("a", new BloomFilterSpec(5, 0.1))
                        .keyValue("k", "v")
                        .sortingColumn(new SortingColumnSpec("a", true, false))
                        .pageChecksums(false)
                        .build();
        assertThat(o.toBuilder().build()).isEqualTo(o);
    }

    @Test
    void rejectsNoCodec() {
        // Codecs pqx cannot write (LZO, LZ4, BROTLI) have no Compression constant at all.
        assertThatThrownBy(() -> WriteOptions.builder().codec(null).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot build WriteOptions: codec must be one of [UNCOMPRESSED, SNAPPY,"
                                + " GZIP, ZSTD, LZ4_RAW] but is null");
    }

    @Test
    void defaultLevelFollowsTheCodec() {
        assertThat(WriteOptions.builder().codec(Compression.GZIP).build().compressionLevel())
                .isEqualTo(6);
        assertThat(WriteOptions.builder().codec(Compression.LZ4_RAW).build().compressionLevel())
                .isEqualTo(3);
    }

    @Test
    void rejectsZstdLevelOutOfRange() {
        assertThatThrownBy(() -> WriteOptions.builder().compressionLevel(23).build())
                .hasMessage(
                        "Cannot build WriteOptions: compressionLevel must be between 1 and 22"
                                + " for ZSTD but is 23");
    }

    @Test
    void rejectsNonPositiveSizes() {
        assertThatThrownBy(() -> WriteOptions.builder().pageSizeBytes(0).build())
                .hasMessage("Cannot build WriteOptions: pageSizeBytes must be > 0 but is 0");
        assertThatThrownBy(() -> WriteOptions.builder().pageRowLimit(-1).build())
                .hasMessage("Cannot build WriteOptions: pageRowLimit must be > 0 but is -1");
        assertThatThrownBy(() -> WriteOptions.builder().rowGroupBytes(2L << 30).build())
                .hasMessage(
                        "Cannot build WriteOptions: rowGroupBytes must be between 1 and"
                                + " 1073741824 but is 2147483648");
    }

    @Test
    void rejectsBadBloomFilterSpecNamingTheColumn() {
        assertThatThrownBy(
                        () ->
                                WriteOptions.builder()
                                        .bloomFilter("a.b", new BloomFilterSpec(100, 1.5))
                                        .build())
                .hasMessage(
                        "Cannot build WriteOptions: bloomFilters[a.b].fpp must be in (0, 1) but"
                                + " is 1.5");
        assertThatThrownBy(
                        () ->
                                WriteOptions.builder()
                                        .bloomFilter("a", new BloomFilterSpec(0, 0.1))
                                        .build())
                .hasMessage("Cannot build WriteOptions: bloomFilters[a].ndv must be > 0 but is 0");
    }

    @Test
    void rejectsTheReservedKeyValueKey() {
        assertThatThrownBy(() -> WriteOptions.builder().keyValue("pqx.flink.schema", "x").build())
                .hasMessage(
                        "Cannot build WriteOptions: keyValueMetadata must not use the reserved"
                                + " key (the writer records the Flink row type under it) but is"
                                + " pqx.flink.schema");
    }
}
