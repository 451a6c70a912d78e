package io.pqx.sink;

import io.pqx.format.crypto.ParquetCipher;
import io.pqx.format.options.Compression;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.PartitionCommitTrigger;
import io.pqx.sink.options.RowGroupMode;
import io.pqx.sink.options.StatisticsLevel;
import java.time.Duration;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;

/**
 * Every option of {@link PqxSink}, as Flink {@link ConfigOption}s with a description and a default.
 * {@link PqxSinkBuilder#build()} resolves them once into an immutable, validated {@code
 * SinkSettings} record. Constants only; thread-safe.
 */
@PublicEvolving
public final class PqxSinkOptions {
    private PqxSinkOptions() {}

    /** Every option of the sink, in declaration order (for a caller passing them through). */
    public static List<ConfigOption<?>> all() {
        return OptionKeys.OPTIONS;
    }

    /**
     * The key prefix of {@link #VARIANT_SHREDDING}, {@code sink.variant.shredding.}: the column's
     * path follows it.
     */
    public static String variantShreddingPrefix() {
        String key = VARIANT_SHREDDING.key();
        return key.substring(0, key.length() - 1);
    }

    // ---- row groups

    public static final ConfigOption<RowGroupMode> ROW_GROUP_MODE =
            ConfigOptions.key("sink.row-group.mode")
                    .enumType(RowGroupMode.class)
                    .defaultValue(RowGroupMode.EXACT)
                    .withDescription("How the row stream is cut into row groups.");

    public static final ConfigOption<Integer> ROW_GROUP_ROWS =
            ConfigOptions.key("sink.row-group.rows")
                    .intType()
                    .defaultValue(1_000_000)
                    .withDescription("Target (exact mode: exact) number of rows per row group.");

    public static final ConfigOption<MemorySize> ROW_GROUP_BYTES =
            ConfigOptions.key("sink.row-group.bytes")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(128))
                    .withDescription(
                            "Upper bound of a row group's size in the file (its estimated"
                                    + " encoded, compressed bytes, as parquet-java's block size"
                                    + " counts them): a group reaching it is cut early, in both"
                                    + " modes, but never below 'sink.row-group.min-rows' rows. Until"
                                    + " a file has shown its compression (a few thousand rows into"
                                    + " its second row group) its rows count at their raw size, so"
                                    + " its first groups may come out smaller. At most 1 gb.");

    public static final ConfigOption<Integer> ROW_GROUP_MIN_ROWS =
            ConfigOptions.key("sink.row-group.min-rows")
                    .intType()
                    .defaultValue(10_000)
                    .withDescription(
                            "Floor of the byte bound: 'sink.row-group.bytes' never cuts a"
                                    + " group holding fewer rows than this (capped at"
                                    + " 'sink.row-group.rows').");

    // ---- parallel encoding

    public static final ConfigOption<Integer> ENCODING_THREADS =
            ConfigOptions.key("sink.encoding.threads")
                    .intType()
                    .noDefaultValue()
                    .withDescription(
                            "Threads per sink subtask that encode and compress the"
                                    + " columns of sealed row groups while the next one fills."
                                    + " Default: one less than the available processors (at"
                                    + " least 1), so that the subtask's own thread, which"
                                    + " shreds the rows, keeps a core.");

    public static final ConfigOption<Integer> ENCODING_MAX_IN_FLIGHT =
            ConfigOptions.key("sink.encoding.max-in-flight")
                    .intType()
                    .defaultValue(2)
                    .withDescription(
                            "Finished row groups per sink subtask that may be finishing their"
                                    + " encoding or waiting to be written to their files at once"
                                    + " (their compressed pages are held until written); a writer"
                                    + " cutting one more waits (backpressure) instead of buffering"
                                    + " without bound. Raw rows being encoded are bounded"
                                    + " separately, at 8 slices per subtask.");

    // ---- what the writer decides for the reader

    public static final ConfigOption<Compression> COMPRESSION_CODEC =
            ConfigOptions.key("sink.compression.codec")
                    .enumType(Compression.class)
                    .defaultValue(Compression.ZSTD)
                    .withDescription(
                            "Page compression codec: zstd, snappy, gzip, lz4_raw or"
                                    + " uncompressed (case-insensitive).");

    public static final ConfigOption<Integer> COMPRESSION_LEVEL =
            ConfigOptions.key("sink.compression.level")
                    .intType()
                    .noDefaultValue()
                    .withDescription(
                            "Codec level: ZSTD 1..22, GZIP 0..9; ignored by other"
                                    + " codecs. Default: 3 for ZSTD, 6 for GZIP.");

    public static final ConfigOption<Boolean> DICTIONARY_ENABLED =
            ConfigOptions.key("sink.dictionary.enabled")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Dictionary-encode columns (falling back to plain encoding"
                                    + " when a dictionary outgrows 1 MiB).");

    public static final ConfigOption<MemorySize> PAGE_SIZE =
            ConfigOptions.key("sink.page.size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(1))
                    .withDescription("Target uncompressed size of a data page.");

    public static final ConfigOption<Integer> PAGE_ROW_LIMIT =
            ConfigOptions.key("sink.page.row-limit")
                    .intType()
                    .defaultValue(20_000)
                    .withDescription("Most rows per data page.");

    public static final ConfigOption<Boolean> PAGE_CHECKSUMS =
            ConfigOptions.key("sink.page.checksums")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Write a CRC32 of each page (data and dictionary) into its header, so"
                                    + " that readers verifying them detect a corrupted page"
                                    + " instead of decoding it.");

    public static final ConfigOption<StatisticsLevel> STATISTICS_LEVEL =
            ConfigOptions.key("sink.statistics.level")
                    .enumType(StatisticsLevel.class)
                    .defaultValue(StatisticsLevel.PAGE)
                    .withDescription("Which statistics are written.");

    public static final ConfigOption<Integer> STATISTICS_TRUNCATE_LENGTH =
            ConfigOptions.key("sink.statistics.truncate-length")
                    .intType()
                    .defaultValue(64)
                    .withDescription(
                            "Longest binary min/max in statistics and the column index;"
                                    + " longer bounds are truncated and marked inexact.");

    public static final ConfigOption<List<String>> BLOOM_FILTER_COLUMNS =
            ConfigOptions.key("sink.bloom-filter.columns")
                    .stringType()
                    .asList()
                    .defaultValues()
                    .withDescription(
                            "Dotted leaf paths of the columns that get a bloom filter"
                                    + " (separated by ';').");

    public static final ConfigOption<Long> BLOOM_FILTER_NDV =
            ConfigOptions.key("sink.bloom-filter.ndv")
                    .longType()
                    .defaultValue(100_000L)
                    .withDescription(
                            "Expected distinct values per row group of each bloom"
                                    + " filter column; sizes the filter.");

    public static final ConfigOption<Double> BLOOM_FILTER_FPP =
            ConfigOptions.key("sink.bloom-filter.fpp")
                    .doubleType()
                    .defaultValue(0.01)
                    .withDescription("Wanted false-positive probability of each bloom filter.");

    public static final ConfigOption<List<String>> SORT_BY =
            ConfigOptions.key("sink.sort-by")
                    .stringType()
                    .asList()
                    .defaultValues()
                    .withDescription(
                            "Top-level columns each row group is sorted by before encoding, each"
                                    + " 'name [ASC|DESC] [NULLS FIRST|NULLS LAST]' (separated by ';';"
                                    + " default ASC NULLS FIRST), recorded as the row groups'"
                                    + " sorting_columns.");

    /**
     * One key per shredded VARIANT column, {@code sink.variant.shredding.<column>}; the key written
     * here has {@code #} in place of the column.
     */
    public static final ConfigOption<String> VARIANT_SHREDDING =
            ConfigOptions.key("sink.variant.shredding.#")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Shreds the VARIANT column # (its name, or its dotted Parquet path:"
                                    + " 'r.v' inside a ROW, 'a.list.element' for the elements of"
                                    + " an ARRAY<VARIANT> a, 'm.key_value.value' for the values of"
                                    + " a MAP<..., VARIANT> m, nested alike) as this Flink type,"
                                    + " e.g. 'ROW<user_id BIGINT, event"
                                    + " STRING, ts TIMESTAMP(6)>', 'ARRAY<STRING>' or 'BIGINT',"
                                    + " as Parquet's Variant shredding defines: what is of the type"
                                    + " (an object's fields by name, an array's elements, a"
                                    + " primitive) is written to typed columns with statistics"
                                    + " and page indexes, the rest (other fields, values of"
                                    + " another type, Variant nulls) to the column's binary"
                                    + " 'value'. Integers and decimals go to any integer or"
                                    + " decimal type that holds them exactly; timestamps need"
                                    + " precision 6 or 9; TIME, MAP and MULTISET cannot be"
                                    + " shredded. VARIANT columns without this option are"
                                    + " written unshredded (metadata and value only).");

    // ---- encryption

    public static final ConfigOption<String> ENCRYPTION_FOOTER_KEY =
            ConfigOptions.key("sink.encryption.footer-key.secret")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Writes every file with Parquet modular encryption, with this footer"
                                    + " key (16, 24 or 32 bytes): 'hex:...', 'base64:...',"
                                    + " 'env:VARIABLE' or 'file:/path'. 'env:' and 'file:' are"
                                    + " read where the files are written (each TaskManager), not"
                                    + " by the client. Without 'sink.encryption.column-keys.secret'"
                                    + " and 'sink.encryption.footer-key-columns' every column is"
                                    + " encrypted with it. The other"
                                    + " 'sink.encryption.*' options need it. With"
                                    + " 'sink.checkpoint.open-row-group' CARRY the row log is"
                                    + " encrypted too, with a key derived from all the keys.");

    public static final ConfigOption<String> ENCRYPTION_COLUMN_KEYS =
            ConfigOptions.key("sink.encryption.column-keys.secret")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Columns encrypted with keys of their own, 'path=key,path=key' (dotted"
                                    + " Parquet paths, keys in the forms of"
                                    + " 'sink.encryption.footer-key.secret'; ';' also separates"
                                    + " entries); with it, the columns not named stay plaintext.");

    public static final ConfigOption<String> ENCRYPTION_COLUMN_KEY_METADATA =
            ConfigOptions.key("sink.encryption.column-key-metadata")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Text stored in the files (UTF-8) as the key metadata of columns"
                                    + " with keys of their own, 'path=text,path=text' (each path"
                                    + " named in 'sink.encryption.column-keys.secret'; ',' and ';'"
                                    + " separate entries, so the text holds neither), for a"
                                    + " reader's key retriever (e.g. the key's name in a KMS)."
                                    + " Not secret: readers without keys see it.");

    public static final ConfigOption<String> ENCRYPTION_FOOTER_KEY_COLUMNS =
            ConfigOptions.key("sink.encryption.footer-key-columns")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Columns encrypted with the footer key, 'path,path' (dotted Parquet"
                                    + " paths; ';' also separates them), none of them named in"
                                    + " 'sink.encryption.column-keys.secret'. With it, the columns"
                                    + " named in neither option stay plaintext; without both,"
                                    + " every column is encrypted with the footer key.");

    public static final ConfigOption<String> ENCRYPTION_FOOTER_KEY_METADATA =
            ConfigOptions.key("sink.encryption.footer-key-metadata")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Text stored in the files (UTF-8) as the footer key's metadata, for a"
                                    + " reader's key retriever (e.g. the key's name in a KMS)."
                                    + " Not secret: readers without keys see it.");

    public static final ConfigOption<Boolean> ENCRYPTION_PLAINTEXT_FOOTER =
            ConfigOptions.key("sink.encryption.plaintext-footer")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Keeps the footer readable without keys (signed with the footer key;"
                                    + " statistics of encrypted columns left out) instead of"
                                    + " encrypting it.");

    public static final ConfigOption<ParquetCipher> ENCRYPTION_ALGORITHM =
            ConfigOptions.key("sink.encryption.algorithm")
                    .enumType(ParquetCipher.class)
                    .defaultValue(ParquetCipher.AES_GCM_V1)
                    .withDescription(
                            "AES_GCM_V1 (every module, pages included, authenticated with"
                                    + " AES-GCM) or AES_GCM_CTR_V1 (page bodies encrypted with"
                                    + " AES-CTR: faster, not authenticated).");

    public static final ConfigOption<String> ENCRYPTION_AAD_PREFIX =
            ConfigOptions.key("sink.encryption.aad-prefix")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "An AAD prefix (UTF-8 text) binding the files to a name of your"
                                    + " choice, e.g. the table's.");

    public static final ConfigOption<Boolean> ENCRYPTION_STORE_AAD_PREFIX =
            ConfigOptions.key("sink.encryption.store-aad-prefix")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Whether the AAD prefix is stored in the files; false: readers must"
                                    + " supply it ('source.decryption.aad-prefix').");

    // ---- files, rolling and partitions

    public static final ConfigOption<String> FILE_NAME_PATTERN =
            ConfigOptions.key("sink.file-name.pattern")
                    .stringType()
                    .defaultValue("part-{uuid}-{subtask}-{count}.parquet")
                    .withDescription(
                            "Name of committed files; must contain {uuid} and {count} ({subtask} is"
                                    + " optional) and must not start with '.' or '_'.");

    public static final ConfigOption<Integer> MAX_OPEN_FILES =
            ConfigOptions.key("sink.max-open-files")
                    .intType()
                    .defaultValue(64)
                    .withDescription(
                            "Most files a sink subtask keeps open (one per partition); opening one"
                                    + " more closes the least recently written, which is committed at"
                                    + " the next checkpoint.");

    public static final ConfigOption<MemorySize> ROLLING_FILE_SIZE =
            ConfigOptions.key("sink.rolling-policy.file-size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(128))
                    .withDescription(
                            "A file is closed once its size reaches this: the bytes of its"
                                    + " row groups plus the estimated encoded bytes of the open"
                                    + " one (and, in approximate mode or with 'sink.sort-by', of"
                                    + " the rows held for it); at least 1 mb.");

    public static final ConfigOption<Boolean> ROLL_ON_CHECKPOINT =
            ConfigOptions.key("sink.rolling-policy.roll-on-checkpoint")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Close every open file at each checkpoint (as Flink's FileSink does for"
                                    + " bulk formats: a file per subtask and partition per checkpoint)."
                                    + " When false, files stay open across checkpoints and roll by"
                                    + " size, time open, inactivity, 'sink.max-open-files' or the"
                                    + " memory budget; each checkpoint persists their finished row"
                                    + " groups. File systems that cannot persist an in-progress file"
                                    + " (RecoverableWriter.supportsResume() false) roll on checkpoint"
                                    + " whatever this says.");

    public static final ConfigOption<OpenRowGroupPolicy> CHECKPOINT_OPEN_ROW_GROUP =
            ConfigOptions.key("sink.checkpoint.open-row-group")
                    .enumType(OpenRowGroupPolicy.class)
                    .defaultValue(OpenRowGroupPolicy.CARRY)
                    .withDescription(
                            "When files stay open across checkpoints, what a checkpoint does with"
                                    + " the rows of each file's open row group.");

    public static final ConfigOption<MemorySize> MEMORY_BUDGET =
            ConfigOptions.key("sink.memory.budget")
                    .memoryType()
                    .noDefaultValue()
                    .withDescription(
                            "Most heap bytes a sink subtask holds for all its open files together:"
                                    + " compressed pages, dictionaries and page buffers of open row"
                                    + " groups (as allocated), raw row slices, rows held for a cut and"
                                    + " rows kept until a checkpoint logs them. When a write would"
                                    + " exceed it, the sink first logs the rows kept for a checkpoint,"
                                    + " then cuts the largest open row group early (approximate mode)"
                                    + " or closes its file (exact mode). When unset: 1/16 of the"
                                    + " TaskManager JVM's maximum heap, at least 64 mb and at most"
                                    + " 1 gb (a 512 MiB heap gives 64 mb, 4 GiB 256 mb, 8 GiB 512 mb);"
                                    + " at least 16 mb when set.");

    public static final ConfigOption<Boolean> RESTORE_DISCARD_PUBLISHED_FILES =
            ConfigOptions.key("sink.restore.discard-published-open-files")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "What a restore does with a file the checkpoint kept open but a later"
                                    + " run of the job published (it exists under its final name, its"
                                    + " in-progress file is gone): a restore from a checkpoint older"
                                    + " than a later commit. Such a file cannot be resumed, and no"
                                    + " restore of that checkpoint is exactly once: the published file"
                                    + " already holds rows the source replays. false: the restore fails"
                                    + " once, with a message naming the file, and Flink does not"
                                    + " restart the job. true: the restore goes on without the file,"
                                    + " which stays published as it is: its rows written after the"
                                    + " checkpoint are written again from the replay, so they appear"
                                    + " twice.");

    public static final ConfigOption<Duration> ROLLING_ROLLOVER_INTERVAL =
            ConfigOptions.key("sink.rolling-policy.rollover-interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(30))
                    .withDescription("A file open for longer than this is closed.");

    public static final ConfigOption<Duration> ROLLING_INACTIVITY_INTERVAL =
            ConfigOptions.key("sink.rolling-policy.inactivity-interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(30))
                    .withDescription("A file that received no row for this long is closed.");

    public static final ConfigOption<Duration> ROLLING_CHECK_INTERVAL =
            ConfigOptions.key("sink.rolling-policy.check-interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(1))
                    .withDescription("How often the time-based rolling policies are checked.");

    public static final ConfigOption<PartitionCommitTrigger> PARTITION_COMMIT_TRIGGER =
            ConfigOptions.key("sink.partition-commit.trigger")
                    .enumType(PartitionCommitTrigger.class)
                    .defaultValue(PartitionCommitTrigger.PROCESS_TIME)
                    .withDescription("When a partition counts as complete.");

    public static final ConfigOption<Duration> PARTITION_COMMIT_DELAY =
            ConfigOptions.key("sink.partition-commit.delay")
                    .durationType()
                    .defaultValue(Duration.ZERO)
                    .withDescription("Delay before a partition counts as complete.");

    public static final ConfigOption<Boolean> PARTITION_COMMIT_SUCCESS_FILE =
            ConfigOptions.key("sink.partition-commit.success-file")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Write an empty '_SUCCESS' file into a partition directory"
                                    + " once the partition is complete.");
}
