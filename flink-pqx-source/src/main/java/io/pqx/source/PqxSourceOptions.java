package io.pqx.source;

import io.pqx.format.options.OptionFields;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;

/**
 * Every option of {@link PqxSource}, as Flink {@link ConfigOption}s with a description and a
 * default. {@link PqxSourceBuilder#build()} resolves and validates them once. Constants only.
 */
@PublicEvolving
public final class PqxSourceOptions {
    private PqxSourceOptions() {}

    /** Every option of the source, in declaration order (for a caller passing them through). */
    public static List<ConfigOption<?>> all() {
        return OptionFields.of(PqxSourceOptions.class);
    }

    public static final ConfigOption<Duration> MONITOR_INTERVAL =
            ConfigOptions.key("source.monitor-interval")
                    .durationType()
                    .noDefaultValue()
                    .withDescription(
                            "Continuous mode: list the source paths again at this interval and"
                                    + " read the files that appeared. Not set: bounded mode, the"
                                    + " files there at the start are read and the source ends.");

    public static final ConfigOption<MemorySize> SPLIT_TARGET_SIZE =
            ConfigOptions.key("source.split.target-size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(128))
                    .withDescription(
                            "Compressed bytes a split aims at: a split is a run of a file's row"
                                    + " groups that closes at the first row group reaching this"
                                    + " size (at least one row group).");

    public static final ConfigOption<Integer> FOOTER_THREADS =
            ConfigOptions.key("source.footer.threads")
                    .intType()
                    .defaultValue(4)
                    .withDescription(
                            "Threads of the enumerator's pool that read the footers of"
                                    + " discovered files, beside the planning thread, which reads"
                                    + " the last footer of each planning step itself (never the"
                                    + " coordinator thread); 8 times as many for a table on a"
                                    + " distributed file system (an object store, HDFS), where a"
                                    + " footer read mostly waits for the store's first byte.");

    public static final ConfigOption<Integer> FOOTER_CACHE_SIZE =
            ConfigOptions.key("source.footer.cache-size")
                    .intType()
                    .defaultValue(1024)
                    .withDescription(
                            "Footers the enumerator keeps after reading them (most recent"
                                    + " first), as planning facts without their tails: a split"
                                    + " planned from a cached footer carries no footer tail (see"
                                    + " source.footer.tail.max-size), so its reader reads the"
                                    + " footer itself.");

    public static final ConfigOption<Integer> READER_FOOTER_CACHE_SIZE =
            ConfigOptions.key("source.reader.footer-cache-size")
                    .intType()
                    .defaultValue(16)
                    .withDescription(
                            "Footers each split reader keeps (most recent first), so that the"
                                    + " next split of a file it read before opens without reading"
                                    + " the footer again. 0: every split reads its file's footer.");

    public static final ConfigOption<Boolean> READER_DECODE_AHEAD =
            ConfigOptions.key("source.reader.decode-ahead")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Decode the next batch on the fetcher thread while the task thread"
                                    + " emits the previous one: the format decodes into two"
                                    + " alternating sets of vectors (twice the batch memory per"
                                    + " reader). false: one batch at a time, decoding waits for"
                                    + " emitting.");

    public static final ConfigOption<Boolean> READER_LATE_MATERIALIZATION =
            ConfigOptions.key("source.reader.late-materialization")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "With a predicate: decode the predicate's columns first and the other"
                                    + " emitted columns only for the rows it keeps (pages without"
                                    + " such a row are not read or not decompressed); a row group"
                                    + " after one whose predicate kept most rows, or kept them"
                                    + " scattered, is decoded whole and then filtered. false:"
                                    + " always decode every column, then filter (for comparison)."
                                    + " The rows emitted are the same.");

    public static final ConfigOption<Duration> DISCOVERY_HORIZON =
            ConfigOptions.key("source.discovery.horizon")
                    .durationType()
                    .defaultValue(Duration.ofHours(1))
                    .withDescription(
                            "Continuous mode: how much older than the newest file planned so far"
                                    + " (by modification time) a file may be when it first appears"
                                    + " in a listing, and still be read. The first listing of a job"
                                    + " started without state reads every file it finds, however"
                                    + " far apart their modification times. The enumerator"
                                    + " checkpoints only the files within this horizon, so its"
                                    + " state stays bounded. A file that appears later, with an"
                                    + " older modification time, is late: see"
                                    + " source.discovery.late-files.");

    public static final ConfigOption<LateFiles> DISCOVERY_LATE_FILES =
            ConfigOptions.key("source.discovery.late-files")
                    .enumType(LateFiles.class)
                    .defaultValue(LateFiles.SKIP)
                    .withDescription(
                            "Continuous mode: what to do with a late file, one that first appears"
                                    + " in a listing more than source.discovery.horizon older than"
                                    + " the newest file planned before it. SKIP: do not read it;"
                                    + " count it in pqxFilesSkippedAsLate and log a warning naming"
                                    + " it. FAIL: fail the job, naming it, without a restart (a"
                                    + " restart would not read it either).");

    /** What a continuous source does with a file that appears more than a horizon late. */
    public enum LateFiles {
        /** Not read: counted ({@code pqxFilesSkippedAsLate}) and logged as a warning. */
        SKIP,
        /** The job fails, naming the file, and is not restarted. */
        FAIL
    }

    public static final ConfigOption<Integer> BATCH_SIZE =
            ConfigOptions.key("source.batch-size")
                    .intType()
                    .defaultValue(2048)
                    .withDescription("Rows per decoded columnar batch.");

    public static final ConfigOption<Boolean> VERIFY_CHECKSUMS =
            ConfigOptions.key("source.verify-checksums")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription("Verify the CRC-32 of every page that carries one.");

    public static final ConfigOption<Integer> FILTER_IN_LIST_CAP =
            ConfigOptions.key("source.filter.in-list-cap")
                    .intType()
                    .defaultValue(64)
                    .withDescription(
                            "With a predicate: an IN list of at most this many values is checked"
                                    + " against footer statistics value by value; a longer one"
                                    + " prunes nothing by statistics (the row filter still applies"
                                    + " it exactly).");

    public static final ConfigOption<Long> RUNTIME_FILTER_EXPECTED_KEYS =
            ConfigOptions.key("source.runtime-filter.expected-keys")
                    .longType()
                    .defaultValue(100_000L)
                    .withDescription(
                            "A runtime-filter publisher (RuntimeFilters.publish) into this source"
                                    + " sizes its bloom filter for this many distinct keys (more"
                                    + " keys raise its false-positive rate, never lose a key).");

    public static final ConfigOption<Double> RUNTIME_FILTER_FPP =
            ConfigOptions.key("source.runtime-filter.false-positive-rate")
                    .doubleType()
                    .defaultValue(0.01)
                    .withDescription(
                            "The false-positive rate of a runtime-filter publisher's bloom filter"
                                    + " at source.runtime-filter.expected-keys keys (0 < rate < 1).");

    // Reading from object stores.

    public static final ConfigOption<MemorySize> READER_READ_AHEAD_BYTES =
            ConfigOptions.key("source.reader.read-ahead.bytes")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(64))
                    .withDescription(
                            "Files on a distributed file system (object stores, HDFS): while a"
                                    + " split reader decodes a row group, it fetches the next row"
                                    + " group it reads in full (its projected column chunks) in"
                                    + " the background, so that the next fetch overlaps the"
                                    + " decoding. At most one row group is held ahead, and only"
                                    + " one whose projected chunks fit this budget (per split"
                                    + " reader). A row group read with the predicate in part"
                                    + " (its page indexes proved at least half of its rows"
                                    + " empty) has the selected pages of all its decoded columns"
                                    + " fetched in one wave, if they fit this budget and no"
                                    + " emitted column has finer pages than the predicate's,"
                                    + " instead of the predicate's pages first and the others'"
                                    + " after. 0: no"
                                    + " read-ahead. Local files are never read ahead. Which rows"
                                    + " are read, and checkpointed positions, do not change.");

    public static final ConfigOption<MemorySize> FOOTER_TAIL_MAX_SIZE =
            ConfigOptions.key("source.footer.tail.max-size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(1))
                    .withDescription(
                            "Files on a distributed file system (object stores, HDFS): the"
                                    + " enumerator keeps the bytes at the end of a file its"
                                    + " footer read fetched (the footer, and the page indexes"
                                    + " and bloom filters before it when the read covered them),"
                                    + " at most this many (over it: the footer alone, or"
                                    + " nothing), and sends them with the file's first split,"
                                    + " so that its reader opens the file without a footer"
                                    + " request (a round trip). The reader checks them as a"
                                    + " footer read from the file, and uses them only for the"
                                    + " file version (path, length, modification time) they"
                                    + " were read from. Never in checkpoints: a split restored"
                                    + " from one reads its footer. 0: no tails are sent.");

    public static final ConfigOption<MemorySize> FOOTER_TAILS_HELD_SIZE =
            ConfigOptions.key("source.footer.tail.held-size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(32))
                    .withDescription(
                            "The most bytes of footer tails (see source.footer.tail.max-size)"
                                    + " the enumerator holds for splits not yet sent to a reader."
                                    + " A tail that does not fit is not kept: its split's reader"
                                    + " reads the footer itself.");

    // ---- Enumerator planning: how listed files become splits ----

    public static final ConfigOption<Integer> PLANNING_BATCH_FILES =
            ConfigOptions.key("source.planning.batch-files")
                    .intType()
                    .defaultValue(256)
                    .withDescription(
                            "Files the enumerator plans in one step: it reads their footers (on"
                                    + " source.footer.threads threads), then hands their splits to"
                                    + " the readers at once and starts the next step. Bounds the"
                                    + " footers held while being read; the first split waits for"
                                    + " the listing and one step.");

    public static final ConfigOption<Integer> PLANNING_MAX_PENDING_SPLITS =
            ConfigOptions.key("source.planning.max-pending-splits")
                    .intType()
                    .defaultValue(4096)
                    .withDescription(
                            "The enumerator pauses planning while this many planned splits wait"
                                    + " for a reader, and resumes as the readers take them. The"
                                    + " files not planned yet wait in its memory and checkpoints"
                                    + " as a path, length and modification time each, a fraction"
                                    + " of their splits' size. A bounded source with"
                                    + " source.watermark.column plans its whole listing"
                                    + " whatever this bound (its order needs every footer).");

    // ---- Event time: ordered reading and watermarks from statistics ----

    public static final ConfigOption<String> WATERMARK_COLUMN =
            ConfigOptions.key("source.watermark.column")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "A top-level TIMESTAMP, TIMESTAMP_LTZ or BIGINT column holding each"
                                    + " row's event time. The enumerator hands out splits in"
                                    + " ascending order of the column's least value by the footer"
                                    + " statistics, and each reader emits watermarks that never"
                                    + " pass a row it has not emitted yet, and stamps each row"
                                    + " with its event time. A split whose statistics prove no"
                                    + " least value (none written, INT96, untrusted) goes first"
                                    + " and holds its reader's watermark back while read. Each"
                                    + " row group is a split of its own (source.split.target-size"
                                    + " does not apply), so a reader's watermark never rises past"
                                    + " a split still waiting on the enumerator. A"
                                    + " bounded source hands out its first split only once every"
                                    + " listed file's footer is read (the time to the first split"
                                    + " grows with the listing) and then plans past"
                                    + " source.planning.max-pending-splits; a continuous source"
                                    + " places each listing's splits in the order as they are"
                                    + " planned and keeps that bound. Not set: splits in"
                                    + " discovery order, no watermarks of pqx's own.");

    public static final ConfigOption<TimeUnit> WATERMARK_UNIT =
            ConfigOptions.key("source.watermark.unit")
                    .enumType(TimeUnit.class)
                    .noDefaultValue()
                    .withDescription(
                            "The unit of a BIGINT source.watermark.column: the time since the"
                                    + " epoch it counts in (MILLISECONDS when not set). Not"
                                    + " allowed for TIMESTAMP and TIMESTAMP_LTZ columns.");

    // ---- Decryption: files written with Parquet modular encryption ----
    // The key options' names contain "secret": Flink hides the values of such keys
    // (GlobalConfiguration#isSensitive) in logged configurations and in the table options its
    // errors print.

    public static final ConfigOption<String> DECRYPTION_FOOTER_KEY =
            ConfigOptions.key("source.decryption.footer-key.secret")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The footer key of files written with Parquet modular encryption (it"
                                    + " also decrypts the columns encrypted with the footer key), as"
                                    + " 'hex:...', 'base64:...', 'env:VARIABLE' (read from that"
                                    + " environment variable, holding hex: or base64: text, where"
                                    + " the files are read: the JobManager and every TaskManager)"
                                    + " or 'file:/path' (a local file there: hex: or base64: text,"
                                    + " or the raw key bytes). Not set: encrypted footers are"
                                    + " refused, and of a file with a plaintext footer only its"
                                    + " plaintext columns (and columns with a key of their own)"
                                    + " are read.");

    public static final ConfigOption<String> DECRYPTION_COLUMN_KEYS =
            ConfigOptions.key("source.decryption.column-keys.secret")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Keys of columns encrypted with keys of their own, as"
                                    + " 'path=reference,path=reference' (';' also separates"
                                    + " entries) with each column's dotted Parquet path and its"
                                    + " key in a form of source.decryption.footer-key.secret. A"
                                    + " query that reads a column whose key is missing fails"
                                    + " naming the column and the file; one that does not read it"
                                    + " reads.");

    public static final ConfigOption<String> DECRYPTION_AAD_PREFIX =
            ConfigOptions.key("source.decryption.aad-prefix")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The AAD prefix (its UTF-8 bytes) of encrypted files whose writer did"
                                    + " not store it in them; a file that stores another one is"
                                    + " refused. Not a secret: it binds the files to their"
                                    + " identity.");

    public static final ConfigOption<String> DECRYPTION_KEY_RETRIEVER_FACTORY =
            ConfigOptions.key("source.decryption.key-retriever.factory")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The class name of an io.pqx.source.crypto."
                                    + "DecryptionKeyRetrieverFactory (public, with a public"
                                    + " no-argument constructor, on the job's class path): its"
                                    + " retriever gets the keys of the footer and columns not"
                                    + " given above from the key metadata the files store,"
                                    + " e.g. from a key service.");
}
