package io.pqx.sink;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.Compression;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.file.RowSorter;
import io.pqx.sink.file.SortKey;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.RowGroupMode;
import io.pqx.sink.partition.PartitionComputer;
import io.pqx.sink.writer.FileNamePattern;
import io.pqx.sink.writer.PartitionWrites;
import io.pqx.sink.writer.PojoRowConverter;
import io.pqx.sink.writer.SinkSettings;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.types.logical.RowType;

/**
 * Builds a {@link PqxSink}: the base path (an absolute path or URI of any Flink file system), the
 * {@link RowType} of the rows, optional partition columns and any {@link PqxSinkOptions}. Setters
 * take values as they are; {@link #build()} checks everything once and names the option and its bad
 * value as the user wrote it. Keys that are no {@link PqxSinkOptions} option are refused with the
 * closest one. Not thread-safe.
 */
@PublicEvolving
public final class PqxSinkBuilder {
    /** Smallest {@code sink.rolling-policy.file-size}; below, a file is mostly its footer. */
    private static final MemorySize MIN_ROLLING_FILE_SIZE = MemorySize.ofMebiBytes(1);

    private static final MemorySize MIN_MEMORY_BUDGET = MemorySize.ofMebiBytes(16);

    private String basePath;
    private RowType rowType;
    private final List<String> partitionKeys = new ArrayList<>();
    private final Configuration options = new Configuration();
    private String defaultPartitionName = PartitionComputer.DEFAULT_PARTITION;
    private boolean inputGrouped;
    private boolean overwrite;
    private final Map<String, String> staticPartition = new LinkedHashMap<>();

    PqxSinkBuilder() {}

    /**
     * The directory the sink writes under: absolute, with or without a scheme ({@code
     * file:///data/out}, {@code /data/out}, {@code s3://bucket/out}). A relative path is refused by
     * {@link #build()}: it would resolve against the working directory of each process, which
     * differs between the client, the JobManager and every TaskManager.
     */
    public PqxSinkBuilder basePath(String path) {
        this.basePath = path;
        return this;
    }

    public PqxSinkBuilder basePath(Path path) {
        this.basePath = path == null ? null : path.toString();
        return this;
    }

    /** The type of the {@code RowData} the sink receives. */
    public PqxSinkBuilder rowType(RowType rowType) {
        this.rowType = rowType;
        return this;
    }

    /** Top-level columns that become {@code k=v/} directories (and leave the files). */
    public PqxSinkBuilder partitionBy(String... columns) {
        return partitionBy(Arrays.asList(columns));
    }

    public PqxSinkBuilder partitionBy(List<String> columns) {
        partitionKeys.clear();
        partitionKeys.addAll(columns);
        return this;
    }

    /**
     * The directory value of null and empty partition values (Flink's {@code
     * partition.default-name}); default {@value PartitionComputer#DEFAULT_PARTITION}. Escaped as
     * other values are.
     */
    public PqxSinkBuilder defaultPartitionName(String name) {
        this.defaultPartitionName = name;
        return this;
    }

    /**
     * Whether each subtask receives its rows grouped by partition, one partition after another
     * (Flink SQL sorts a batch INSERT's rows so when the sink asks for it): a partition's file is
     * then closed, for commit, as soon as the next partition's first row arrives, so a subtask
     * holds one open file. Rows that are not grouped are still written correctly, into more and
     * smaller files. Default false.
     */
    public PqxSinkBuilder inputGroupedByPartition(boolean grouped) {
        this.inputGrouped = grouped;
        return this;
    }

    /**
     * Whether the job replaces data (SQL {@code INSERT OVERWRITE}); bounded jobs in BATCH mode
     * only. When every file of the job is committed, each partition directory the job committed
     * files into (the base path itself when unpartitioned) loses every visible file and directory
     * that is not one of them; names starting with '.' or '_' are kept. Nothing is deleted before
     * the job's files are committed, so a job failing earlier leaves the old data as it was; a job
     * failing between publishing and deleting is completed by its restart (the deletions are
     * repeated, the new files are kept), or leaves old and new files side by side if it is not
     * restarted. Default false.
     */
    public PqxSinkBuilder overwrite(boolean overwrite) {
        this.overwrite = overwrite;
        return this;
    }

    /**
     * Partition values the statement fixed (SQL's static {@code PARTITION (k='v', ...)}), as
     * written. Rows still carry them; with {@link #overwrite} and every partition column fixed,
     * that partition is emptied when the job writes no row at all, as Flink's filesystem connector
     * does (not for a TIMESTAMP_LTZ column, whose literal depends on the session's time zone).
     */
    public PqxSinkBuilder staticPartition(Map<String, String> values) {
        staticPartition.clear();
        staticPartition.putAll(values);
        return this;
    }

    /** Sets one option; {@link #build()} refuses options that are not {@link PqxSinkOptions}. */
    public <T> PqxSinkBuilder set(ConfigOption<T> option, T value) {
        options.set(option, value);
        return this;
    }

    /**
     * Sets options from their string form (as in SQL {@code WITH} clauses); {@link #build()}
     * refuses unknown keys, naming the closest known one.
     */
    public PqxSinkBuilder setAll(Map<String, String> values) {
        options.addAll(Configuration.fromMap(values));
        return this;
    }

    /**
     * Checks every setting and builds the sink.
     *
     * @throws IllegalArgumentException "Cannot build PqxSink: key rule but is value"
     */
    public PqxSink build() {
        checkBasePath();
        check(rowType != null, "rowType", null, "is required");
        checkKeys();
        PartitionComputer partitions;
        try {
            partitions = new PartitionComputer(rowType, partitionKeys, defaultPartitionName);
        } catch (IllegalArgumentException e) {
            throw fail("partitionBy", partitionKeys, "is invalid: " + e.getMessage());
        }
        PartitionWrites writes = partitionWrites(partitions);
        List<String> leaves;
        try {
            leaves = ParquetWriter.leafPaths(partitions.dataType());
        } catch (RuntimeException e) {
            // the format's message names the column and its type
            throw new IllegalArgumentException(
                    "Cannot build PqxSink: rowType "
                            + rowType
                            + " cannot be written as Parquet: "
                            + e.getMessage(),
                    e);
        }
        SinkSettings settings;
        try {
            settings = resolve(writes);
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("Cannot build PqxSink")) {
                throw e;
            }
            throw new IllegalArgumentException("Cannot build PqxSink: " + e.getMessage(), e);
        }
        checkColumns(settings, partitions, leaves);
        return new PqxSink(basePath, rowType, partitionKeys, settings);
    }

    /**
     * Builds a sink for POJOs of {@code pojoClass}; the row type is derived from Flink's type
     * extraction (mapping in {@link PojoRowConverter}), so {@link #rowType} must not be set.
     *
     * @throws IllegalArgumentException as {@link #build()}, or if the class is not a Flink POJO or
     *     has a field without a column mapping
     */
    public <T> PqxPojoSink<T> buildForPojo(Class<T> pojoClass) {
        check(pojoClass != null, "pojoClass", null, "is required");
        check(
                rowType == null,
                "rowType",
                rowType,
                "must not be set for a POJO sink (the POJO" + " class defines it)");
        PojoRowConverter<T> converter;
        try {
            converter = PojoRowConverter.of(pojoClass);
        } catch (IllegalArgumentException e) {
            throw fail("pojoClass", pojoClass.getName(), "cannot be written: " + e.getMessage());
        }
        rowType = converter.rowType();
        try {
            return new PqxPojoSink<>(build(), converter);
        } finally {
            rowType = null;
        }
    }

    /**
     * A relative base path is refused rather than made absolute here: the client cannot know which
     * file system and working directory a scheme-less relative path means on the cluster (the
     * default scheme and each process's directory decide), and a guess would put committed files
     * where nobody looks. The message names the absolute form in this process as a suggestion.
     */
    private void checkBasePath() {
        check(basePath != null && !basePath.isBlank(), "basePath", basePath, "is required");
        Path path;
        try {
            path = new Path(basePath);
        } catch (RuntimeException e) {
            throw fail("basePath", basePath, "is not a valid path (" + e.getMessage() + ")");
        }
        if (!path.isAbsolute()) {
            String relative = path.toUri().getPath();
            String here =
                    new File(relative == null ? basePath : relative)
                            .getAbsoluteFile()
                            .toURI()
                            .toString();
            throw new IllegalArgumentException(
                    "Cannot build PqxSink: basePath must be absolute (a relative path would"
                            + " resolve against the working directory of each Flink process) but"
                            + " is "
                            + basePath
                            + "; in this process that is "
                            + here);
        }
    }

    private void checkKeys() {
        for (String key : options.keySet()) {
            if (!OptionKeys.KNOWN.contains(key)) {
                throw new IllegalArgumentException(
                        "Cannot build PqxSink: option "
                                + key
                                + " is unknown (did you mean "
                                + OptionKeys.closest(key)
                                + "?)");
            }
        }
    }

    private PartitionWrites partitionWrites(PartitionComputer partitions) {
        String staticPath;
        try {
            staticPath = partitions.staticPartitionPath(staticPartition);
        } catch (IllegalArgumentException e) {
            throw fail("staticPartition", staticPartition, "is invalid: " + e.getMessage());
        }
        return new PartitionWrites(
                defaultPartitionName, inputGrouped, overwrite, overwrite ? staticPath : null);
    }

    private SinkSettings resolve(PartitionWrites writes) {
        int rows = positive(PqxSinkOptions.ROW_GROUP_ROWS);
        long groupBytes = options.get(PqxSinkOptions.ROW_GROUP_BYTES).getBytes();
        check(
                groupBytes > 0 && groupBytes <= WriteOptions.MAX_ROW_GROUP_BYTES,
                PqxSinkOptions.ROW_GROUP_BYTES.key(),
                groupBytes,
                "must be between 1 and 1 gb");
        int minRows = positive(PqxSinkOptions.ROW_GROUP_MIN_ROWS);
        Integer threads = options.get(PqxSinkOptions.ENCODING_THREADS);
        check(
                threads == null || threads > 0,
                PqxSinkOptions.ENCODING_THREADS.key(),
                threads,
                "must be > 0");
        int inFlight = positive(PqxSinkOptions.ENCODING_MAX_IN_FLIGHT);
        Compression codec = codec();
        Integer level = options.get(PqxSinkOptions.COMPRESSION_LEVEL);
        checkLevel(codec, level);
        long pageSize = options.get(PqxSinkOptions.PAGE_SIZE).getBytes();
        check(
                pageSize > 0 && pageSize <= Integer.MAX_VALUE,
                PqxSinkOptions.PAGE_SIZE.key(),
                pageSize,
                "must be between 1 and 2 gb");
        long ndv = options.get(PqxSinkOptions.BLOOM_FILTER_NDV);
        check(ndv > 0, PqxSinkOptions.BLOOM_FILTER_NDV.key(), ndv, "must be > 0");
        double fpp = options.get(PqxSinkOptions.BLOOM_FILTER_FPP);
        check(fpp > 0 && fpp < 1, PqxSinkOptions.BLOOM_FILTER_FPP.key(), fpp, "must be in (0, 1)");
        String pattern = options.get(PqxSinkOptions.FILE_NAME_PATTERN);
        try {
            FileNamePattern.check(pattern);
        } catch (IllegalArgumentException e) {
            throw fail(PqxSinkOptions.FILE_NAME_PATTERN.key(), pattern, e.getMessage());
        }
        MemorySize fileSize = options.get(PqxSinkOptions.ROLLING_FILE_SIZE);
        check(
                fileSize.compareTo(MIN_ROLLING_FILE_SIZE) >= 0,
                PqxSinkOptions.ROLLING_FILE_SIZE.key(),
                fileSize,
                "must be at least 1 mb (smaller files are mostly footer, and every file costs a"
                        + " commit and a reader's open)");
        Duration delay = options.get(PqxSinkOptions.PARTITION_COMMIT_DELAY);
        check(
                !delay.isNegative(),
                PqxSinkOptions.PARTITION_COMMIT_DELAY.key(),
                delay,
                "must not be negative");
        return new SinkSettings(
                options.get(PqxSinkOptions.ROW_GROUP_MODE),
                rows,
                groupBytes,
                minRows,
                threads == null ? 0 : threads,
                inFlight,
                codec,
                level,
                options.get(PqxSinkOptions.DICTIONARY_ENABLED),
                (int) pageSize,
                positive(PqxSinkOptions.PAGE_ROW_LIMIT),
                options.get(PqxSinkOptions.PAGE_CHECKSUMS),
                options.get(PqxSinkOptions.STATISTICS_LEVEL),
                positive(PqxSinkOptions.STATISTICS_TRUNCATE_LENGTH),
                options.get(PqxSinkOptions.BLOOM_FILTER_COLUMNS),
                ndv,
                fpp,
                sortKeys(),
                pattern,
                positive(PqxSinkOptions.MAX_OPEN_FILES),
                fileSize.getBytes(),
                positiveDuration(PqxSinkOptions.ROLLING_ROLLOVER_INTERVAL),
                positiveDuration(PqxSinkOptions.ROLLING_INACTIVITY_INTERVAL),
                positiveDuration(PqxSinkOptions.ROLLING_CHECK_INTERVAL),
                options.get(PqxSinkOptions.PARTITION_COMMIT_TRIGGER),
                delay,
                options.get(PqxSinkOptions.PARTITION_COMMIT_SUCCESS_FILE),
                writes,
                checkpoints());
    }

    private SinkSettings.Checkpoints checkpoints() {
        boolean roll = options.get(PqxSinkOptions.ROLL_ON_CHECKPOINT);
        OpenRowGroupPolicy openGroup = options.get(PqxSinkOptions.CHECKPOINT_OPEN_ROW_GROUP);
        check(
                roll
                        || openGroup != OpenRowGroupPolicy.FLUSH
                        || options.get(PqxSinkOptions.ROW_GROUP_MODE) != RowGroupMode.EXACT,
                PqxSinkOptions.CHECKPOINT_OPEN_ROW_GROUP.key(),
                "flush",
                "must not be flush in exact mode ('sink.row-group.mode' exact), which writes a short row group"
                        + " at every checkpoint, and exact mode allows only a file's last row group"
                        + " to be short (use carry, approximate mode, or"
                        + " 'sink.rolling-policy.roll-on-checkpoint' true)");
        MemorySize budget = options.get(PqxSinkOptions.MEMORY_BUDGET);
        boolean discard = options.get(PqxSinkOptions.RESTORE_DISCARD_PUBLISHED_FILES);
        if (budget == null) {
            return new SinkSettings.Checkpoints(
                    roll, openGroup, SinkSettings.HEAP_SHARE_BUDGET, discard);
        }
        check(
                budget.compareTo(MIN_MEMORY_BUDGET) >= 0,
                PqxSinkOptions.MEMORY_BUDGET.key(),
                budget,
                "must be at least 16 mb (the encoding of a single open file needs a few mb)");
        return new SinkSettings.Checkpoints(roll, openGroup, budget.getBytes(), discard);
    }

    private List<SortKey> sortKeys() {
        List<SortKey> keys = new ArrayList<>();
        for (String text : options.get(PqxSinkOptions.SORT_BY)) {
            try {
                keys.add(SortKey.parse(text));
            } catch (IllegalArgumentException e) {
                throw fail(PqxSinkOptions.SORT_BY.key(), text, "is invalid: " + e.getMessage());
            }
        }
        return keys;
    }

    /** The codec, or a message listing the accepted names instead of Flink's enum parse error. */
    private Compression codec() {
        try {
            return options.get(PqxSinkOptions.COMPRESSION_CODEC);
        } catch (IllegalArgumentException e) {
            String accepted =
                    Arrays.stream(Compression.values())
                            .map(c -> c.name().toLowerCase(Locale.ROOT))
                            .collect(Collectors.joining(", "));
            throw fail(
                    PqxSinkOptions.COMPRESSION_CODEC.key(),
                    options.toMap().get(PqxSinkOptions.COMPRESSION_CODEC.key()),
                    "must be one of " + accepted + " (case-insensitive)");
        }
    }

    private static void checkLevel(Compression codec, Integer level) {
        if (level == null) {
            return;
        }
        String key = PqxSinkOptions.COMPRESSION_LEVEL.key();
        if (codec == Compression.ZSTD) {
            check(level >= 1 && level <= 22, key, level, "must be between 1 and 22 for ZSTD");
        } else if (codec == Compression.GZIP) {
            check(level >= 0 && level <= 9, key, level, "must be between 0 and 9 for GZIP");
        }
    }

    private static void checkColumns(
            SinkSettings settings, PartitionComputer partitions, List<String> leaves) {
        for (String column : settings.bloomFilterColumns()) {
            check(
                    leaves.contains(column),
                    PqxSinkOptions.BLOOM_FILTER_COLUMNS.key(),
                    column,
                    "must name a leaf column of the files (" + String.join(", ", leaves) + ")");
        }
        try {
            RowSorter.of(partitions.dataType(), settings.sortBy());
        } catch (IllegalArgumentException e) {
            throw fail(
                    PqxSinkOptions.SORT_BY.key(),
                    settings.sortBy().stream()
                            .map(SortKey::toString)
                            .collect(Collectors.joining("; ")),
                    "is invalid: " + e.getMessage());
        }
        try {
            settings.writeOptions();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Cannot build PqxSink: " + e.getMessage(), e);
        }
    }

    private int positive(ConfigOption<Integer> option) {
        int value = options.get(option);
        check(value > 0, option.key(), value, "must be > 0");
        return value;
    }

    private Duration positiveDuration(ConfigOption<Duration> option) {
        Duration value = options.get(option);
        check(!value.isNegative() && !value.isZero(), option.key(), value, "must be > 0");
        return value;
    }

    private static void check(boolean ok, String key, Object value, String rule) {
        if (!ok) {
            throw fail(key, value, rule);
        }
    }

    private static IllegalArgumentException fail(String key, Object value, String rule) {
        return new IllegalArgumentException(
                "Cannot build PqxSink: " + key + " " + rule + " but is " + render(value));
    }

    /** A value as the user wrote it: lists comma-separated, not as Java's collection dump. */
    private static String render(Object value) {
        if (value instanceof Collection<?> values) {
            return values.stream().map(PqxSinkBuilder::render).collect(Collectors.joining(", "));
        }
        return Objects.toString(value);
    }
}
