package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.Compression;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.RowGroupMode;
import io.pqx.sink.options.StatisticsLevel;
import io.pqx.sink.writer.SinkSettings;
import java.io.File;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class PqxSinkBuilderTest {
    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {new BigIntType(false), new VarCharType(100), new IntType()},
                    new String[] {"id", "name", "day"});

    static final RowType ONE_COLUMN = TestingSinkRowTypes.ONE_COLUMN;

    private static PqxSinkBuilder valid() {
        return PqxSink.builder().basePath("file:///tmp/out").rowType(TYPE);
    }

    @Test
    void anUnsetMemoryBudgetIsAShareOfTheHeapWhereTheWriterRuns() {
        PqxSink unset = PqxSink.builder().basePath("file:///tmp/x").rowType(TYPE).build();
        assertThat(unset.settings().checkpoints().memoryBudget())
                .isEqualTo(SinkSettings.HEAP_SHARE_BUDGET);
        assertThat(unset.settings().checkpoints().memoryBudgetBytes())
                .isEqualTo(SinkSettings.defaultBudget(Runtime.getRuntime().maxMemory()));
        long mib = 1L << 20;
        assertThat(SinkSettings.defaultBudget(512 * mib)).isEqualTo(64 * mib);
        assertThat(SinkSettings.defaultBudget(4096 * mib)).isEqualTo(256 * mib);
        assertThat(SinkSettings.defaultBudget(8192 * mib)).isEqualTo(512 * mib);
        assertThat(SinkSettings.defaultBudget(64L << 30)).isEqualTo(1L << 30);
        PqxSink set =
                PqxSink.builder()
                        .basePath("file:///tmp/x")
                        .rowType(TYPE)
                        .set(PqxSinkOptions.MEMORY_BUDGET, MemorySize.parse("40 mb"))
                        .build();
        assertThat(set.settings().checkpoints().memoryBudgetBytes()).isEqualTo(40 * mib);
        assertThatThrownBy(
                        () ->
                                PqxSink.builder()
                                        .basePath("file:///tmp/x")
                                        .rowType(TYPE)
                                        .set(PqxSinkOptions.MEMORY_BUDGET, MemorySize.parse("8 mb"))
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sink.memory.budget");
    }

    @Test
    void resolvesDefaults() {
        var s = valid().build().settings();
        assertThat(s.rowGroups().mode()).isEqualTo(RowGroupMode.EXACT);
        assertThat(s.rowGroups().rows()).isEqualTo(1_000_000);
        assertThat(s.rowGroups().bytes()).isEqualTo(128L << 20);
        assertThat(s.layout().codec()).isEqualTo(Compression.ZSTD);
        assertThat(s.layout().statisticsLevel()).isEqualTo(StatisticsLevel.PAGE);
        assertThat(s.encoding().effectiveThreads())
                .isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
        WriteOptions options = s.layout().writeOptions();
        assertThat(options.codec()).isEqualTo(Compression.ZSTD);
        assertThat(options.compressionLevel()).isEqualTo(3);
        assertThat(options.statisticsEnabled()).isTrue();
        assertThat(options.pageIndexEnabled()).isTrue();
        assertThat(options.pageChecksums()).as("set by the sink, not by the format").isTrue();
        assertThat(
                        valid().set(PqxSinkOptions.PAGE_CHECKSUMS, false)
                                .build()
                                .settings()
                                .layout()
                                .writeOptions()
                                .pageChecksums())
                .isFalse();
    }

    @Test
    void resolvesStringOptionsAsSqlWouldPassThem() {
        var s =
                valid().setAll(
                                Map.of(
                                        "sink.row-group.mode", "approximate",
                                        "sink.row-group.bytes", "8 mb",
                                        "sink.compression.codec", "gzip",
                                        "sink.compression.level", "9",
                                        "sink.statistics.level", "chunk",
                                        "sink.sort-by", "id DESC NULLS LAST;name",
                                        "sink.bloom-filter.columns", "name",
                                        "sink.rolling-policy.rollover-interval", "10 s"))
                        .build()
                        .settings();
        assertThat(s.rowGroups().mode()).isEqualTo(RowGroupMode.APPROXIMATE);
        assertThat(s.rowGroups().bytes()).isEqualTo(8L << 20);
        assertThat(s.layout().writeOptions().codec()).isEqualTo(Compression.GZIP);
        assertThat(s.layout().writeOptions().compressionLevel()).isEqualTo(9);
        assertThat(s.layout().writeOptions().pageIndexEnabled()).isFalse();
        assertThat(s.layout().sortBy()).hasSize(2);
        assertThat(s.layout().sortBy().get(0).descending()).isTrue();
        assertThat(s.layout().sortBy().get(0).nullsFirst()).isFalse();
        assertThat(s.layout().writeOptions().bloomFilters()).containsOnlyKeys("name");
        assertThat(s.rolling().rolloverInterval().getSeconds()).isEqualTo(10);
    }

    @Test
    void acceptsEveryCodecNameCaseInsensitively() {
        Map<String, Compression> names =
                Map.of(
                        "zstd", Compression.ZSTD,
                        "SNAPPY", Compression.SNAPPY,
                        "Gzip", Compression.GZIP,
                        "lz4_raw", Compression.LZ4_RAW,
                        "uncompressed", Compression.UNCOMPRESSED);
        names.forEach(
                (text, codec) ->
                        assertThat(
                                        valid().setAll(Map.of("sink.compression.codec", text))
                                                .build()
                                                .settings()
                                                .layout()
                                                .writeOptions()
                                                .codec())
                                .as(text)
                                .isEqualTo(codec));
    }

    @Test
    void refusesAnUnknownCodecListingTheAcceptedNames() {
        for (String bad : List.of("lzo", "lz4", "brotli", "zstandard", "")) {
            assertThatThrownBy(() -> valid().setAll(Map.of("sink.compression.codec", bad)).build())
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Cannot build PqxSink: sink.compression.codec must be one of"
                                    + " uncompressed, snappy, gzip, zstd, lz4_raw"
                                    + " (case-insensitive) but is "
                                    + bad);
        }
    }

    @Test
    void namesTheKeyAndTheBadValue() {
        assertThatThrownBy(() -> valid().set(PqxSinkOptions.ROW_GROUP_ROWS, 0).build())
                .hasMessage("Cannot build PqxSink: sink.row-group.rows must be > 0 but is 0");
        assertThatThrownBy(
                        () ->
                                valid().set(
                                                PqxSinkOptions.ROW_GROUP_BYTES,
                                                MemorySize.parse("2 gb"))
                                        .build())
                .hasMessage(
                        "Cannot build PqxSink: sink.row-group.bytes must be between 1 and"
                                + " 1 gb but is 2147483648");
        assertThatThrownBy(() -> valid().set(PqxSinkOptions.COMPRESSION_LEVEL, 30).build())
                .hasMessage(
                        "Cannot build PqxSink: sink.compression.level must be between 1"
                                + " and 22 for ZSTD but is 30");
        assertThatThrownBy(() -> valid().set(PqxSinkOptions.FILE_NAME_PATTERN, "x.parquet").build())
                .hasMessageContaining("sink.file-name.pattern must contain {uuid} and {count}");
        assertThatThrownBy(() -> valid().setAll(Map.of("sink.row-group.rows", "many")).build())
                .hasMessageContaining("Cannot build PqxSink")
                .hasMessageContaining("sink.row-group.rows");
        assertThatThrownBy(() -> valid().set(PqxSinkOptions.SORT_BY, List.of("nope")).build())
                .hasMessageContaining("sink.sort-by is invalid: sort key 'nope'");
        assertThatThrownBy(
                        () ->
                                valid().set(PqxSinkOptions.BLOOM_FILTER_COLUMNS, List.of("nope"))
                                        .build())
                .hasMessageContaining("sink.bloom-filter.columns must name a leaf column")
                .hasMessageContaining("but is nope");
        assertThatThrownBy(() -> valid().set(PqxSinkOptions.BLOOM_FILTER_FPP, 1.5).build())
                .hasMessage(
                        "Cannot build PqxSink: sink.bloom-filter.fpp must be in (0, 1) but"
                                + " is 1.5");
    }

    @Test
    void requiresBasePathAndRowTypeAndKnownPartitionColumns() {
        assertThatThrownBy(() -> PqxSink.builder().rowType(TYPE).build())
                .hasMessage("Cannot build PqxSink: basePath is required but is null");
        assertThatThrownBy(() -> PqxSink.builder().basePath("/tmp/x").build())
                .hasMessage("Cannot build PqxSink: rowType is required but is null");
        assertThatThrownBy(() -> valid().partitionBy("nope").build())
                .hasMessageContaining("partitionBy is invalid: partition column 'nope'");
        assertThatThrownBy(
                        () ->
                                valid().partitionBy("id")
                                        .set(PqxSinkOptions.SORT_BY, List.of("id"))
                                        .build())
                .as("partition columns leave the files, so they cannot be sort keys")
                .hasMessageContaining("sink.sort-by is invalid");
    }

    @Test
    void everyOptionHasADescription() throws Exception {
        for (var field : PqxSinkOptions.class.getFields()) {
            var option = (ConfigOption<?>) field.get(null);
            assertThat(option.description().toString()).as(option.key()).isNotBlank();
            assertThat(option.key()).startsWith("sink.");
        }
    }

    @Test
    void refusesUnknownKeysNamingTheClosestKnownOne() {
        assertThatThrownBy(() -> valid().setAll(Map.of("sink.row-group.row", "5")).build())
                .hasMessage(
                        "Cannot build PqxSink: option sink.row-group.row is unknown (did you mean"
                                + " sink.row-group.rows?)");
        assertThatThrownBy(
                        () ->
                                valid().setAll(Map.of("sink.rolling-policy.filesize", "1 gb"))
                                        .build())
                .hasMessageContaining("did you mean sink.rolling-policy.file-size?");
        assertThatThrownBy(() -> valid().set(CoreOptions.DEFAULT_PARALLELISM, 2).build())
                .as("an option of another component")
                .hasMessageStartingWith(
                        "Cannot build PqxSink: option parallelism.default is unknown");
    }

    @Test
    void refusesAPartitionColumnNamedTwice() {
        assertThatThrownBy(() -> valid().partitionBy("day", "day").build())
                .hasMessage(
                        "Cannot build PqxSink: partitionBy is invalid: partition column 'day' is"
                                + " named twice but is day, day");
    }

    @Test
    void refusesARelativeBasePathNamingTheAbsoluteOneOfThisProcess() {
        String here = new File("out").getAbsoluteFile().toURI().toString();
        assertThatThrownBy(() -> PqxSink.builder().basePath("out").rowType(TYPE).build())
                .hasMessageStartingWith(
                        "Cannot build PqxSink: basePath must be absolute (a relative path would"
                                + " resolve against the working directory of each Flink process)"
                                + " but is out")
                .hasMessageContaining(here.replaceAll("/$", ""));
        assertThatThrownBy(() -> PqxSink.builder().basePath(new Path("a/b")).rowType(TYPE).build())
                .hasMessageContaining("basePath must be absolute");
        assertThat(PqxSink.builder().basePath("s3://bucket/out").rowType(TYPE).build()).isNotNull();
        assertThat(PqxSink.builder().basePath("/data/out").rowType(TYPE).build()).isNotNull();
    }

    @Test
    void refusesARollingFileSizeBelowOneMebibyte() {
        assertThatThrownBy(
                        () -> valid().setAll(Map.of("sink.rolling-policy.file-size", "1b")).build())
                .hasMessage(
                        "Cannot build PqxSink: sink.rolling-policy.file-size must be at least 1 mb"
                                + " (smaller files are mostly footer, and every file costs a"
                                + " commit and a reader's open) but is 1 bytes");
        assertThat(
                        valid().set(PqxSinkOptions.ROLLING_FILE_SIZE, MemorySize.parse("1 mb"))
                                .build()
                                .settings()
                                .rolling()
                                .fileSize())
                .isEqualTo(1 << 20);
    }

    @Test
    void refusalsRenderValuesAsTheUserWroteThem() {
        assertThatThrownBy(
                        () ->
                                valid().partitionBy("id")
                                        .set(PqxSinkOptions.SORT_BY, List.of("id DESC", "name"))
                                        .build())
                .hasMessageEndingWith("but is id DESC NULLS FIRST; name ASC NULLS FIRST");
        assertThatThrownBy(() -> valid().partitionBy("nope", "day").build())
                .hasMessageEndingWith("but is nope, day");
    }

    @Test
    void encryptionOptionsBuildASinkWhoseWritersReadTheKeys() {
        String footerHex = "hex:000102030405060708090a0b0c0d0e0f";
        PqxSink sink =
                valid().setAll(
                                Map.of(
                                        "sink.encryption.footer-key.secret", footerHex,
                                        "sink.encryption.column-keys.secret",
                                                "name=env:PQX_SINK_TEST_UNSET_VARIABLE",
                                        "sink.rolling-policy.roll-on-checkpoint", "true"))
                        .build();
        assertThat(sink.settings().layout().encryption()).isNotNull();
        assertThat(sink.settings().layout().encryption().toString())
                .contains("[name]")
                .doesNotContain("000102");
        // the variable is read where the files are written, not by build()
        assertThatThrownBy(() -> sink.settings().layout().writeOptions())
                .hasMessageContaining("PQX_SINK_TEST_UNSET_VARIABLE")
                .hasMessageContaining("the key of column name");
    }

    @Test
    void encryptionIsGivenOneWayAndItsSettingsNeedAFooterKey() {
        String footerHex = "hex:000102030405060708090a0b0c0d0e0f";
        assertThatThrownBy(
                        () ->
                                valid().encryption(
                                                io.pqx.format.crypto.FileEncryptionProperties
                                                        .builder()
                                                        .footerKey(new byte[16])
                                                        .build())
                                        .setAll(
                                                Map.of(
                                                        "sink.encryption.footer-key.secret",
                                                        footerHex))
                                        .build())
                .hasMessageContaining("give it one way")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("000102"));
        assertThatThrownBy(() -> valid().setAll(Map.of("sink.encryption.aad-prefix", "t")).build())
                .hasMessageContaining("sink.encryption.aad-prefix needs")
                .hasMessageContaining("sink.encryption.footer-key.secret");
        // the row log of CARRY is encrypted: an encrypting sink may carry
        assertThat(
                        valid().setAll(
                                        Map.of(
                                                "sink.encryption.footer-key.secret",
                                                footerHex,
                                                "sink.checkpoint.open-row-group",
                                                "CARRY"))
                                .build()
                                .settings()
                                .checkpoints()
                                .openRowGroup())
                .isEqualTo(OpenRowGroupPolicy.CARRY);
        assertThatThrownBy(
                        () ->
                                valid().setAll(Map.of("sink.encryption.footer-key-columns", "name"))
                                        .build())
                .hasMessageContaining("sink.encryption.footer-key-columns needs");
        assertThatThrownBy(
                        () ->
                                valid().setAll(
                                                Map.of(
                                                        "sink.encryption.footer-key.secret",
                                                        footerHex,
                                                        "sink.encryption.column-key-metadata",
                                                        "name=kms:n,kms-without-path",
                                                        "sink.rolling-policy.roll-on-checkpoint",
                                                        "true"))
                                        .build())
                .hasMessageContaining("sink.encryption.column-key-metadata")
                .hasMessageContaining("entry 2");
        assertThatThrownBy(
                        () ->
                                valid().setAll(
                                                Map.of(
                                                        "sink.encryption.footer-key.secret",
                                                        "hex:0001",
                                                        "sink.rolling-policy.roll-on-checkpoint",
                                                        "true"))
                                        .build())
                .hasMessageStartingWith("Cannot build PqxSink: sink.encryption.*: the footer key")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("0001"));
    }
}
