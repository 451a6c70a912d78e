package io.pqx.source;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.crypto.DecryptionFactory;
import io.pqx.source.crypto.ExplicitDecryption;
import io.pqx.source.discovery.PartitionDirectory;
import io.pqx.source.enumerator.DynamicFilteringSlots;
import io.pqx.source.enumerator.EnumeratorSettings;
import io.pqx.source.eventtime.WatermarkColumn;
import io.pqx.source.reader.FlatPathConverter;
import io.pqx.source.reader.PojoConverter;
import io.pqx.source.reader.ReaderSettings;
import io.pqx.source.reader.RowConverter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * Builds a {@link PqxSource}; {@link #build()} validates everything once, with messages naming what
 * is wrong.
 *
 * <pre>{@code
 * PqxSource<RowData> source = PqxSource.builder()
 *     .path("file:///data/orders")                 // one or more; files or directories
 *     .rowType(rowType)                            // the requested schema, partition columns included
 *     .partitionKeys("day")                        // columns taken from day=.../ directories
 *     .project("id", "day")                        // optional: the emitted fields, in this order
 *     .predicate(Predicates.greaterThan("id", 10))  // optional: only rows where it is TRUE
 *     .runtimeFilter("customers", "customer_id")   // optional: a slot for RuntimeFilters.publish
 *     .monitorInterval(Duration.ofSeconds(10))     // optional: continuous mode
 *     .build();
 * }</pre>
 */
@PublicEvolving
public final class PqxSourceBuilder {
    private final List<String> paths = new ArrayList<>();
    private RowType rowType;
    private final List<String> partitionKeys = new ArrayList<>();
    private List<String> projection;
    private final Configuration options = new Configuration();
    private Predicate predicate;
    private Predicate pruneOnly;
    private long limit = Long.MAX_VALUE;
    private boolean flatProjection;
    private List<Map<String, String>> partitions;
    private String defaultPartitionName = PartitionDirectory.DEFAULT_PARTITION;
    private final List<Predicate> runtimeFilterSlots = new ArrayList<>();
    private final List<String> dynamicFilteringFields = new ArrayList<>();
    private DecryptionFactory decryption;

    PqxSourceBuilder() {}

    /**
     * Adds source paths (absolute, any Flink file system): a file, or a directory read recursively.
     */
    public PqxSourceBuilder path(String... more) {
        paths.addAll(Arrays.asList(more));
        return this;
    }

    public PqxSourceBuilder path(Path... more) {
        for (Path p : more) {
            paths.add(p.toString());
        }
        return this;
    }

    /** The requested schema: every file is read as this row type (schema evolution, partitions). */
    public PqxSourceBuilder rowType(RowType type) {
        this.rowType = type;
        return this;
    }

    /** Fields of the row type whose values come from Hive-style {@code key=value} directories. */
    public PqxSourceBuilder partitionKeys(String... keys) {
        partitionKeys.addAll(Arrays.asList(keys));
        return this;
    }

    /**
     * The fields to emit (default: all fields of the row type): top-level fields in the order the
     * paths first name them; a dotted path ({@code "address.city"}) emits of a ROW field only the
     * fields named (nested projection), and only their columns are read.
     */
    public PqxSourceBuilder project(String... fields) {
        this.projection = List.of(fields);
        return this;
    }

    /**
     * Only rows on which {@code predicate} is TRUE (SQL three-valued logic) are emitted. It names
     * columns of the row type (partition columns included, nested paths through ROW fields), which
     * need not be projected. Files whose partition values cannot match are not opened, row groups
     * whose footer statistics cannot match are not read, and the rest is filtered row by row.
     */
    public PqxSourceBuilder predicate(Predicate predicate) {
        this.predicate = Objects.requireNonNull(predicate, "predicate");
        return this;
    }

    /**
     * Also skips files and row groups whose partition values or footer statistics prove that {@code
     * condition} is not TRUE on any of their rows, but filters no row by it: for a condition the
     * caller applies to the emitted rows itself (a SQL filter Flink keeps), of which {@code
     * condition} is a weakening that holds wherever the caller's condition can hold. It names
     * columns of the row type, which need not be projected; it must not hold dynamic slots.
     */
    public PqxSourceBuilder pruneBy(Predicate condition) {
        this.pruneOnly = Objects.requireNonNull(condition, "condition");
        return this;
    }

    /**
     * The directory value that stands for a null partition value (Flink's {@code
     * partition.default-name}; default {@code __DEFAULT_PARTITION__}, which pqx's sink writes).
     * {@link PqxSource#listFiles()} and {@link #partitions} give it as {@code
     * __DEFAULT_PARTITION__} whatever it is.
     */
    public PqxSourceBuilder defaultPartitionName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: the default partition name must not be empty");
        }
        this.defaultPartitionName = name;
        return this;
    }

    /**
     * Reads only files of these partitions: each map gives every partition key its directory text
     * as {@link PqxSource#listFiles()} lists it ({@code __DEFAULT_PARTITION__} for null), compared
     * as text. Also in continuous mode, where new files of these partitions are read.
     */
    public PqxSourceBuilder partitions(List<Map<String, String>> partitions) {
        List<Map<String, String>> copy = new ArrayList<>();
        for (Map<String, String> p : partitions) {
            copy.add(new LinkedHashMap<>(p));
        }
        this.partitions = copy;
        return this;
    }

    /**
     * Each reader (parallel subtask) stops reading once it has emitted at least {@code rows} rows
     * (it may emit up to one batch more): for a caller that needs only so many rows of any (a SQL
     * {@code LIMIT}, which Flink applies again).
     */
    public PqxSourceBuilder limit(long rows) {
        if (rows < 0) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: limit " + rows + " is negative");
        }
        this.limit = rows;
        return this;
    }

    /**
     * Emits each projected path as one top-level field, in projection order, named by its path
     * ({@code "addr.city"}): a value inside a null ROW is null. Without it a path inside a ROW
     * emits that ROW with only the fields named. Only with {@link #project} and {@link #build()}.
     */
    public PqxSourceBuilder flatProjection() {
        this.flatProjection = true;
        return this;
    }

    /**
     * Adds a runtime filter on {@code keyColumn}: the conjunct {@code Predicates.slot(slotName,
     * keyColumn)} ANDed to the predicate. Until a filter for the slot arrives (from {@code
     * RuntimeFilters.publish(..., slotName)}) it keeps every row; then only rows whose key the
     * filter may hold are read (nulls never). Slots named in the predicate itself work the same.
     */
    public PqxSourceBuilder runtimeFilter(String slotName, String keyColumn) {
        runtimeFilterSlots.add(Predicates.slot(slotName, keyColumn));
        return this;
    }

    /**
     * The fields Flink's dynamic filtering (batch DPP, {@code SupportsDynamicFiltering}) sends data
     * for, in the order the planner applied them ({@code applyDynamicFiltering}): top-level columns
     * of the row type, partition or data columns, of a type {@link #acceptsDynamicFiltering}
     * accepts. Each gets a runtime-filter slot; when the source's enumerator receives Flink's
     * {@code DynamicFilteringEvent} (its data's fields matched to these by position), each field's
     * values become that slot's filter: files of other partitions are not read, row groups whose
     * statistics exclude every value are skipped, and readers drop rows whose value is not among
     * them (or NULL). Data that keeps everything filters nothing. Only for a source whose rows feed
     * the fact side of an inner or semi join on these fields, as the planner guarantees for DPP.
     */
    public PqxSourceBuilder dynamicFiltering(List<String> fields) {
        dynamicFilteringFields.addAll(fields);
        return this;
    }

    /**
     * Whether a column of {@code type} can take dynamic filtering ({@link #dynamicFiltering}):
     * BOOLEAN, TINYINT..BIGINT, DECIMAL, VARCHAR/STRING, BINARY/VARBINARY, DATE, TIME, TIMESTAMP,
     * TIMESTAMP_LTZ. Not FLOAT/DOUBLE (NaN, -0.0), not CHAR (blank padding), not nested types.
     */
    public static boolean acceptsDynamicFiltering(LogicalType type) {
        return DynamicFilteringSlots.accepts(type);
    }

    /**
     * Reads files written with Parquet modular encryption with these keys (and AAD prefix, key
     * retriever): the enumerator's footer reads (planning, pruning by statistics) and every split
     * reader's (footers, page indexes, bloom filters, pages) use them. The properties are copied
     * into the source, which is serialized into the job (never into a checkpoint or a split): the
     * explicit keys travel with it, so a retriever must be {@link java.io.Serializable}. To keep
     * keys out of the job, pass a {@link DecryptionFactory} that reads them where the files are
     * read.
     *
     * @throws IllegalArgumentException when the retriever is not serializable
     */
    public PqxSourceBuilder decryption(FileDecryptionProperties properties) {
        try {
            this.decryption = ExplicitDecryption.of(Objects.requireNonNull(properties));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Cannot build a pqx source: " + e.getMessage());
        }
        return this;
    }

    /**
     * Reads encrypted files with the properties {@code factory} makes where the files are read:
     * once in the enumerator, once in each split reader. Not together with the {@code
     * source.decryption.*} options.
     */
    public PqxSourceBuilder decryption(DecryptionFactory factory) {
        this.decryption = Objects.requireNonNull(factory, "factory");
        return this;
    }

    /**
     * Continuous mode, listing the paths at this interval ({@link
     * PqxSourceOptions#MONITOR_INTERVAL}).
     */
    public PqxSourceBuilder monitorInterval(Duration interval) {
        options.set(PqxSourceOptions.MONITOR_INTERVAL, interval);
        return this;
    }

    /**
     * Reads in event-time order by {@code column}, a top-level {@code TIMESTAMP} or {@code
     * TIMESTAMP_LTZ} column ({@link PqxSourceOptions#WATERMARK_COLUMN}): splits are handed out in
     * ascending order of the column's least value by the footer statistics, rows carry the column
     * as their timestamp, and each reader emits watermarks from the statistics of the splits it has
     * not finished. Use {@code WatermarkStrategy.noWatermarks()} (or a strategy of your own, whose
     * watermarks then join pqx's) when creating the stream.
     */
    public PqxSourceBuilder watermarkColumn(String column) {
        options.set(PqxSourceOptions.WATERMARK_COLUMN, column);
        return this;
    }

    /**
     * As {@link #watermarkColumn(String)} for a {@code BIGINT} column counting time since the epoch
     * in {@code unit} ({@link PqxSourceOptions#WATERMARK_UNIT}).
     */
    public PqxSourceBuilder watermarkColumn(String column, TimeUnit unit) {
        options.set(PqxSourceOptions.WATERMARK_COLUMN, column);
        options.set(PqxSourceOptions.WATERMARK_UNIT, unit);
        return this;
    }

    /** Sets one option; {@link #build()} refuses options that are not {@link PqxSourceOptions}. */
    public <T> PqxSourceBuilder set(ConfigOption<T> option, T value) {
        options.set(option, value);
        return this;
    }

    /**
     * Sets options from their string form (as in SQL {@code WITH} clauses); {@link #build()}
     * refuses unknown keys, naming the closest known one, and values that do not parse, naming the
     * key.
     */
    public PqxSourceBuilder setAll(Map<String, String> values) {
        options.addAll(Configuration.fromMap(values));
        return this;
    }

    /**
     * The source, emitting {@code RowData} of the projected row type.
     *
     * @throws IllegalArgumentException naming what is missing or wrong
     */
    public PqxSource<RowData> build() {
        if (flatProjection) {
            if (projection == null) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: a flat projection needs projected fields");
            }
            List<String> flat = List.copyOf(projection);
            return build(nested -> FlatPathConverter.of(nested, flat));
        }
        return build(RowConverter::rows);
    }

    /**
     * The source, emitting each row as a new {@code pojoClass} object: every emitted column sets
     * the property of its name (a public field or setter), converted as Flink's table runtime
     * converts to the property's Java type; nested ROWs set nested POJOs.
     *
     * @throws IllegalArgumentException as {@link #build()}, or when a column cannot set a property
     */
    public <T> PqxSource<T> build(Class<T> pojoClass) {
        if (flatProjection) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: a flat projection emits RowData, not POJOs");
        }
        return build(type -> PojoConverter.of(pojoClass, type));
    }

    private <T> PqxSource<T> build(Function<RowType, RowConverter<T>> converter) {
        SourceOptionChecks.checkKeys(options);
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("Cannot build a pqx source: no path given");
        }
        for (String p : paths) {
            if (!new Path(p).isAbsolute()) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: path "
                                + p
                                + " is relative; give an absolute path or URI (which working directory a"
                                + " relative path means depends on the deployment)");
            }
        }
        if (rowType == null) {
            throw new IllegalArgumentException("Cannot build a pqx source: no row type given");
        }
        Set<String> keys = new LinkedHashSet<>();
        for (String key : partitionKeys) {
            if (!rowType.getFieldNames().contains(key)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: partition key "
                                + key
                                + " is not a field of the row type "
                                + rowType.getFieldNames());
            }
            if (!keys.add(key)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: partition key " + key + " is named twice");
            }
            LogicalType type = rowType.getTypeAt(rowType.getFieldIndex(key));
            if (!hasTextForm(type)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: partition key "
                                + key
                                + " has type "
                                + type.asSummaryString()
                                + ", which has no directory form"
                                + " (use a string, number, boolean, decimal, date, time or timestamp)");
            }
        }
        RowType produced = rowType;
        if (projection != null) {
            produced = ProjectedRowType.of(rowType, projection);
        }
        SourceOptionChecks.checkValues(options);
        long interval =
                options.getOptional(PqxSourceOptions.MONITOR_INTERVAL)
                        .map(Duration::toMillis)
                        .orElse(0L);
        long target = options.get(PqxSourceOptions.SPLIT_TARGET_SIZE).getBytes();
        int footerThreads = options.get(PqxSourceOptions.FOOTER_THREADS);
        int cacheSize = options.get(PqxSourceOptions.FOOTER_CACHE_SIZE);
        int planningBatch = options.get(PqxSourceOptions.PLANNING_BATCH_FILES);
        int maxPendingSplits = options.get(PqxSourceOptions.PLANNING_MAX_PENDING_SPLITS);
        long tailMax = options.get(PqxSourceOptions.FOOTER_TAIL_MAX_SIZE).getBytes();
        long tailsHeld = options.get(PqxSourceOptions.FOOTER_TAILS_HELD_SIZE).getBytes();
        int readerCacheSize = options.get(PqxSourceOptions.READER_FOOTER_CACHE_SIZE);
        long horizon = options.get(PqxSourceOptions.DISCOVERY_HORIZON).toMillis();
        int batchSize = options.get(PqxSourceOptions.BATCH_SIZE);
        int inListCap = options.get(PqxSourceOptions.FILTER_IN_LIST_CAP);
        checkDynamicFiltering();
        WatermarkColumn watermarkColumn =
                SourceOptionChecks.watermarkColumn(options, rowType, partitionKeys);
        DecryptionFactory decryption = SourceOptionChecks.decryption(options, this.decryption);
        Predicate predicate = withRuntimeFilters();
        long expectedKeys = options.get(PqxSourceOptions.RUNTIME_FILTER_EXPECTED_KEYS);
        double fpp = options.get(PqxSourceOptions.RUNTIME_FILTER_FPP);
        Predicate pruning = predicate;
        if (pruneOnly != null) {
            if (pruneOnly.hasSlot()) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: the pruning condition "
                                + pruneOnly
                                + " holds a dynamic slot (use runtimeFilter)");
            }
            try {
                BoundPredicate.bind(pruneOnly, ColumnResolver.of(rowType));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: pruning condition "
                                + pruneOnly
                                + " does not fit the row type: "
                                + e.getMessage(),
                        e);
            }
            pruning = predicate == null ? pruneOnly : Predicates.and(predicate, pruneOnly);
        }
        RowType readType = produced;
        if (predicate != null) {
            try {
                BoundPredicate.bind(predicate, ColumnResolver.of(rowType));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: predicate "
                                + predicate
                                + " does not fit the row type: "
                                + e.getMessage(),
                        e);
            }
            // the columns only the predicate reads are read after the emitted ones
            List<RowType.RowField> fields = new ArrayList<>(produced.getFields());
            for (ColumnRef ref : predicate.columns()) {
                String top = ref.path().get(0);
                if (fields.stream().noneMatch(f -> f.getName().equals(top))) {
                    fields.add(rowType.getFields().get(rowType.getFieldIndex(top)));
                }
            }
            readType = new RowType(rowType.isNullable(), fields);
        }
        if (watermarkColumn != null && !readType.getFieldNames().contains(watermarkColumn.name())) {
            // read to stamp each row with its event time, though not emitted
            List<RowType.RowField> fields = new ArrayList<>(readType.getFields());
            fields.add(rowType.getFields().get(rowType.getFieldIndex(watermarkColumn.name())));
            readType = new RowType(rowType.isNullable(), fields);
        }
        List<String> readKeys = new ArrayList<>();
        for (String key : keys) {
            if (readType.getFieldNames().contains(key)) {
                readKeys.add(key);
            }
        }
        RowConverter<T> emitted = converter.apply(produced);
        return new PqxSource<>(
                new EnumeratorSettings(
                        new EnumeratorSettings.Files(
                                paths,
                                new ArrayList<>(keys),
                                checkedPartitions(keys),
                                defaultPartitionName),
                        new EnumeratorSettings.Discovery(
                                interval,
                                horizon,
                                options.get(PqxSourceOptions.DISCOVERY_LATE_FILES)
                                        == PqxSourceOptions.LateFiles.FAIL),
                        new EnumeratorSettings.Planning(
                                // with event times a split is one row group: a reader's watermark
                                // then never rises within a split past a split still pending
                                watermarkColumn != null ? 1 : target,
                                footerThreads,
                                cacheSize,
                                planningBatch,
                                maxPendingSplits,
                                (int) tailMax,
                                tailsHeld),
                        new EnumeratorSettings.Filtering(
                                rowType, pruning, inListCap, dynamicFilteringFields, fpp),
                        watermarkColumn,
                        decryption),
                new ReaderSettings(
                        new ReaderSettings.Rows(produced, readKeys, readType, predicate, inListCap),
                        new ReaderSettings.Decoding(
                                batchSize,
                                options.get(PqxSourceOptions.VERIFY_CHECKSUMS),
                                readerCacheSize,
                                options.get(PqxSourceOptions.READER_DECODE_AHEAD),
                                options.get(PqxSourceOptions.READER_LATE_MATERIALIZATION),
                                options.get(PqxSourceOptions.READER_READ_AHEAD_BYTES).getBytes()),
                        limit,
                        watermarkColumn,
                        decryption),
                predicate != null && predicate.hasSlot()
                        ? "pqx-runtime-filter-" + UUID.randomUUID()
                        : null,
                expectedKeys,
                fpp,
                emitted);
    }

    /** The partitions to read, each with the keys in their order; null for all. */
    private List<Map<String, String>> checkedPartitions(Set<String> keys) {
        if (partitions == null) {
            return null;
        }
        List<Map<String, String>> specs = new ArrayList<>();
        for (Map<String, String> p : partitions) {
            if (!p.keySet().equals(keys)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: partition "
                                + p
                                + " does not name exactly the partition keys "
                                + keys);
            }
            Map<String, String> spec = new LinkedHashMap<>();
            for (String key : keys) {
                spec.put(key, p.get(key));
            }
            specs.add(spec);
        }
        return specs;
    }

    private void checkDynamicFiltering() {
        if (dynamicFilteringFields.isEmpty()) {
            return;
        }
        if (options.getOptional(PqxSourceOptions.MONITOR_INTERVAL).isPresent()) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: dynamic filtering "
                            + dynamicFilteringFields
                            + " is for bounded sources only, and "
                            + PqxSourceOptions.MONITOR_INTERVAL.key()
                            + " is set");
        }
        Set<String> seenFields = new LinkedHashSet<>();
        for (String field : dynamicFilteringFields) {
            if (!rowType.getFieldNames().contains(field)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: dynamic filtering"
                                + " field "
                                + field
                                + " is not a top-level field of the row type "
                                + rowType.getFieldNames());
            }
            if (!seenFields.add(field)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: dynamic filtering"
                                + " field "
                                + field
                                + " is named twice");
            }
            LogicalType type = rowType.getTypeAt(rowType.getFieldIndex(field));
            if (!acceptsDynamicFiltering(type)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: dynamic filtering"
                                + " field "
                                + field
                                + " has type "
                                + type.asSummaryString()
                                + ", which runtime filters cannot filter exactly");
            }
        }
    }

    /**
     * The predicate ANDed with the slots of {@link #runtimeFilter} and of {@link
     * #dynamicFiltering}; null when none is given.
     */
    private Predicate withRuntimeFilters() {
        List<Predicate> slotsToAdd = new ArrayList<>(runtimeFilterSlots);
        for (String field : dynamicFilteringFields) {
            slotsToAdd.add(Predicates.slot(DynamicFilteringSlots.slotName(field), field));
        }
        if (slotsToAdd.isEmpty()) {
            return predicate;
        }
        List<Predicate> all = new ArrayList<>();
        if (predicate != null) {
            all.add(predicate);
        }
        all.addAll(slotsToAdd);
        return all.size() == 1 ? all.get(0) : Predicates.and(all);
    }

    private static boolean hasTextForm(LogicalType type) {
        return type.is(LogicalTypeFamily.CHARACTER_STRING)
                || type.is(LogicalTypeFamily.NUMERIC)
                || type.is(LogicalTypeRoot.BOOLEAN)
                || type.is(LogicalTypeRoot.DATE)
                || type.is(LogicalTypeRoot.TIME_WITHOUT_TIME_ZONE)
                || type.is(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE);
    }
}
