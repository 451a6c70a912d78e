package io.pqx.sink;

import io.pqx.format.ParquetWriter;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.crypto.KeyReferences;
import io.pqx.format.options.Compression;
import io.pqx.sink.file.RowSorter;
import io.pqx.sink.file.SortKey;
import io.pqx.sink.partition.PartitionComputer;
import io.pqx.sink.writer.ConfiguredEncryption;
import io.pqx.sink.writer.EncryptionFactory;
import io.pqx.sink.writer.PartitionWrites;
import io.pqx.sink.writer.PojoRowConverter;
import io.pqx.sink.writer.SettingChecks;
import io.pqx.sink.writer.SinkSettings;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;

/**
 * Builds a {@link PqxSink}: the base path (an absolute path or URI of any Flink file system), the
 * {@link RowType} of the rows, optional partition columns and any {@link PqxSinkOptions}. Setters
 * take values as they are; {@link #build()} checks everything once and names the option and its bad
 * value as the user wrote it. Keys that are no {@link PqxSinkOptions} option are refused with the
 * closest one. Not thread-safe.
 */
@PublicEvolving
public final class PqxSinkBuilder {
    private String basePath;
    private RowType rowType;
    private final List<String> partitionKeys = new ArrayList<>();
    private final Configuration options = new Configuration();
    private String defaultPartitionName = PartitionComputer.DEFAULT_PARTITION;
    private boolean inputGrouped;
    private boolean overwrite;
    private final Map<String, String> staticPartition = new LinkedHashMap<>();
    private final Map<String, LogicalType> variantShredding = new LinkedHashMap<>();
    @Nullable private FileEncryptionProperties encryption;

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
     * Shreds the values of VARIANT column {@code column} (its name, or its dotted Parquet path:
     * {@code r.v} inside a ROW, {@code a.list.element} in an ARRAY, {@code m.key_value.value} in a
     * MAP) as {@code type}, as {@link PqxSinkOptions#VARIANT_SHREDDING} describes; the same as
     * setting {@code sink.variant.shredding.<column>} to the type's SQL text, which this replaces.
     */
    public PqxSinkBuilder variantShredding(String column, LogicalType type) {
        variantShredding.put(column, type);
        return this;
    }

    /**
     * Writes every file with Parquet modular encryption (keys, footer mode, algorithm, AAD prefix);
     * null (default) writes plaintext files. The properties travel with the sink (they are
     * serializable), so a writer restored from a checkpoint encrypts the rest of its file with the
     * same keys; checkpoints hold the file's AAD file unique, never a key. Column paths are checked
     * against the row type when the first file opens. The {@code sink.encryption.*} options of
     * {@link PqxSinkOptions} set encryption up with keys read where the files are written; give it
     * one way, not both.
     */
    public PqxSinkBuilder encryption(@Nullable FileEncryptionProperties properties) {
        this.encryption = properties;
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
        checkEncryption();
        PartitionComputer partitions;
        try {
            partitions = new PartitionComputer(rowType, partitionKeys, defaultPartitionName);
        } catch (IllegalArgumentException e) {
            throw fail("partitionBy", partitionKeys, "is invalid: " + e.getMessage());
        }
        PartitionWrites writes = partitionWrites(partitions);
        Map<String, LogicalType> shredding = variantShredding();
        List<String> leaves;
        try {
            leaves = ParquetWriter.leafPaths(partitions.dataType(), shredding);
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
    /**
     * Encryption is given one way, and its settings need its footer key. Every checkpoint policy
     * works with it: the row log of CARRY (and the memory budget's spills into it) is sealed with
     * the files' footer key, so no row of an encrypted file lies unencrypted beside it.
     */
    private void checkEncryption() {
        boolean configured = options.getOptional(PqxSinkOptions.ENCRYPTION_FOOTER_KEY).isPresent();
        if (encryption != null && configured) {
            throw new IllegalArgumentException(
                    "Cannot build PqxSink: encryption is given twice, as properties and as "
                            + PqxSinkOptions.ENCRYPTION_FOOTER_KEY.key()
                            + ": give it one way");
        }
        if (!configured) {
            for (ConfigOption<?> option : ENCRYPTION_SETTINGS) {
                if (options.contains(option)) {
                    throw new IllegalArgumentException(
                            "Cannot build PqxSink: "
                                    + option.key()
                                    + " needs "
                                    + PqxSinkOptions.ENCRYPTION_FOOTER_KEY.key()
                                    + (encryption != null
                                            ? " (encryption given as properties takes its"
                                                    + " settings from them)"
                                            : ""));
                }
            }
        }
    }

    /** The options that set encryption up beside its footer key. */
    private static final List<ConfigOption<?>> ENCRYPTION_SETTINGS =
            List.of(
                    PqxSinkOptions.ENCRYPTION_COLUMN_KEYS,
                    PqxSinkOptions.ENCRYPTION_COLUMN_KEY_METADATA,
                    PqxSinkOptions.ENCRYPTION_FOOTER_KEY_COLUMNS,
                    PqxSinkOptions.ENCRYPTION_FOOTER_KEY_METADATA,
                    PqxSinkOptions.ENCRYPTION_PLAINTEXT_FOOTER,
                    PqxSinkOptions.ENCRYPTION_ALGORITHM,
                    PqxSinkOptions.ENCRYPTION_AAD_PREFIX,
                    PqxSinkOptions.ENCRYPTION_STORE_AAD_PREFIX);

    /**
     * The encryption of the files: the properties given, or the {@code sink.encryption.*} options
     * with their keys read where the files are written. Messages name the option, never a key.
     */
    @Nullable
    private EncryptionFactory encryptionFactory() {
        if (encryption != null) {
            return EncryptionFactory.of(encryption);
        }
        String footerKey = options.get(PqxSinkOptions.ENCRYPTION_FOOTER_KEY);
        if (footerKey == null) {
            return null;
        }
        String aadPrefix = options.get(PqxSinkOptions.ENCRYPTION_AAD_PREFIX);
        boolean store = options.get(PqxSinkOptions.ENCRYPTION_STORE_AAD_PREFIX);
        if (!store && aadPrefix == null) {
            throw new IllegalArgumentException(
                    "Cannot build PqxSink: "
                            + PqxSinkOptions.ENCRYPTION_STORE_AAD_PREFIX.key()
                            + " false needs "
                            + PqxSinkOptions.ENCRYPTION_AAD_PREFIX.key());
        }
        Map<String, String> columnKeys =
                columnList(PqxSinkOptions.ENCRYPTION_COLUMN_KEYS, KeyReferences::columnKeys);
        Map<String, String> columnKeyMetadata =
                columnList(
                        PqxSinkOptions.ENCRYPTION_COLUMN_KEY_METADATA, KeyReferences::columnTexts);
        List<String> footerKeyColumns =
                columnList(
                        PqxSinkOptions.ENCRYPTION_FOOTER_KEY_COLUMNS, KeyReferences::columnPaths);
        try {
            return new ConfiguredEncryption(
                    footerKey,
                    columnKeys,
                    columnKeyMetadata,
                    footerKeyColumns,
                    options.get(PqxSinkOptions.ENCRYPTION_FOOTER_KEY_METADATA),
                    options.get(PqxSinkOptions.ENCRYPTION_PLAINTEXT_FOOTER),
                    options.get(PqxSinkOptions.ENCRYPTION_ALGORITHM),
                    aadPrefix,
                    store);
        } catch (IllegalArgumentException e) {
            // the message names the key (footer, or the column), never its text
            throw new IllegalArgumentException(
                    "Cannot build PqxSink: sink.encryption.*: " + e.getMessage());
        }
    }

    /**
     * A column list option parsed by {@code parser} (the format's one syntax for column lists),
     * empty when not set; a malformed list names the option and the entry's position.
     */
    private <T> T columnList(ConfigOption<String> option, Function<String, T> parser) {
        String text = options.get(option);
        try {
            return parser.apply(text == null ? "" : text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Cannot build PqxSink: " + option.key() + ": " + e.getMessage());
        }
    }

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
            if (key.startsWith(PqxSinkOptions.variantShreddingPrefix())) {
                check(
                        key.length() > PqxSinkOptions.variantShreddingPrefix().length(),
                        key,
                        options.toMap().get(key),
                        "needs the column's path after the prefix");
                continue;
            }
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

    /**
     * Reads every option into its group; each group checks its own values (and {@link SinkSettings}
     * the one rule across groups), naming the option key.
     */
    private SinkSettings resolve(PartitionWrites writes) {
        SinkSettings.RowGroups rowGroups =
                new SinkSettings.RowGroups(
                        options.get(PqxSinkOptions.ROW_GROUP_MODE),
                        options.get(PqxSinkOptions.ROW_GROUP_ROWS),
                        options.get(PqxSinkOptions.ROW_GROUP_BYTES).getBytes(),
                        options.get(PqxSinkOptions.ROW_GROUP_MIN_ROWS));
        SinkSettings.Encoding encoding =
                new SinkSettings.Encoding(
                        options.get(PqxSinkOptions.ENCODING_THREADS),
                        options.get(PqxSinkOptions.ENCODING_MAX_IN_FLIGHT));
        SinkSettings.FileLayout layout =
                new SinkSettings.FileLayout(
                        codec(),
                        options.get(PqxSinkOptions.COMPRESSION_LEVEL),
                        options.get(PqxSinkOptions.DICTIONARY_ENABLED),
                        options.get(PqxSinkOptions.PAGE_SIZE).getBytes(),
                        options.get(PqxSinkOptions.PAGE_ROW_LIMIT),
                        options.get(PqxSinkOptions.PAGE_CHECKSUMS),
                        options.get(PqxSinkOptions.STATISTICS_LEVEL),
                        options.get(PqxSinkOptions.STATISTICS_TRUNCATE_LENGTH),
                        options.get(PqxSinkOptions.BLOOM_FILTER_COLUMNS),
                        options.get(PqxSinkOptions.BLOOM_FILTER_NDV),
                        options.get(PqxSinkOptions.BLOOM_FILTER_FPP),
                        sortKeys(),
                        variantShredding(),
                        encryptionFactory());
        SinkSettings.Rolling rolling =
                new SinkSettings.Rolling(
                        options.get(PqxSinkOptions.FILE_NAME_PATTERN),
                        options.get(PqxSinkOptions.MAX_OPEN_FILES),
                        options.get(PqxSinkOptions.ROLLING_FILE_SIZE).getBytes(),
                        options.get(PqxSinkOptions.ROLLING_ROLLOVER_INTERVAL),
                        options.get(PqxSinkOptions.ROLLING_INACTIVITY_INTERVAL),
                        options.get(PqxSinkOptions.ROLLING_CHECK_INTERVAL));
        SinkSettings.PartitionCommit commit =
                new SinkSettings.PartitionCommit(
                        options.get(PqxSinkOptions.PARTITION_COMMIT_TRIGGER),
                        options.get(PqxSinkOptions.PARTITION_COMMIT_DELAY),
                        options.get(PqxSinkOptions.PARTITION_COMMIT_SUCCESS_FILE));
        MemorySize budget = options.get(PqxSinkOptions.MEMORY_BUDGET);
        SinkSettings.Checkpoints checkpoints =
                new SinkSettings.Checkpoints(
                        options.get(PqxSinkOptions.ROLL_ON_CHECKPOINT),
                        options.get(PqxSinkOptions.CHECKPOINT_OPEN_ROW_GROUP),
                        budget == null ? SinkSettings.HEAP_SHARE_BUDGET : budget.getBytes(),
                        options.get(PqxSinkOptions.RESTORE_DISCARD_PUBLISHED_FILES));
        return new SinkSettings(rowGroups, encoding, layout, rolling, commit, writes, checkpoints);
    }

    /**
     * The shredding types of {@code sink.variant.shredding.<column>} options, then of {@link
     * #variantShredding}, which win.
     */
    private Map<String, LogicalType> variantShredding() {
        Map<String, LogicalType> types = new LinkedHashMap<>();
        Map<String, String> all = options.toMap();
        for (Map.Entry<String, String> e : new TreeMap<>(all).entrySet()) {
            String key = e.getKey();
            if (!key.startsWith(PqxSinkOptions.variantShreddingPrefix())) {
                continue;
            }
            String column = key.substring(PqxSinkOptions.variantShreddingPrefix().length());
            try {
                types.put(
                        column,
                        LogicalTypeParser.parse(
                                e.getValue(), PqxSinkBuilder.class.getClassLoader()));
            } catch (RuntimeException parse) {
                throw fail(
                        key,
                        e.getValue(),
                        "must be a Flink type such as 'ROW<user_id BIGINT, event STRING>' ("
                                + parse.getMessage()
                                + ")");
            }
        }
        types.putAll(variantShredding);
        return types;
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

    private static void checkColumns(
            SinkSettings settings, PartitionComputer partitions, List<String> leaves) {
        for (String column : settings.layout().bloomFilterColumns()) {
            check(
                    leaves.contains(column),
                    PqxSinkOptions.BLOOM_FILTER_COLUMNS.key(),
                    column,
                    "must name a leaf column of the files (" + String.join(", ", leaves) + ")");
        }
        try {
            RowSorter.of(partitions.dataType(), settings.layout().sortBy());
        } catch (IllegalArgumentException e) {
            throw fail(
                    PqxSinkOptions.SORT_BY.key(),
                    settings.layout().sortBy().stream()
                            .map(SortKey::toString)
                            .collect(Collectors.joining("; ")),
                    "is invalid: " + e.getMessage());
        }
        try {
            settings.layout().checkedWriteOptions();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Cannot build PqxSink: " + e.getMessage(), e);
        }
    }

    private static void check(boolean ok, String key, Object value, String rule) {
        SettingChecks.check(ok, key, value, rule);
    }

    private static IllegalArgumentException fail(String key, Object value, String rule) {
        return SettingChecks.fail(key, value, rule);
    }
}
