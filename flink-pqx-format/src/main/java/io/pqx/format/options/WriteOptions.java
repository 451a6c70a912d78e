package io.pqx.format.options;

import io.pqx.format.crypto.FileEncryptionProperties;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * How a {@code ParquetWriter} lays out a file: codec, page format and sizes, dictionary, row-group
 * limits, statistics, page index, bloom filters and footer metadata. Immutable and validated once,
 * in {@link Builder#build()}, whose messages name the option and its bad value. Options that depend
 * on the schema (bloom filter and sorting column paths) are checked when the writer opens.
 *
 * @param codec compression of every page (default {@link Compression#ZSTD})
 * @param compressionLevel codec level: ZSTD 1..22 (default 3), GZIP 0..9 (default 6); ignored by
 *     other codecs
 * @param pageVersion data page format (default {@link PageVersion#V1})
 * @param dictionaryEnabled dictionary-encode columns, falling back to plain encoding when the
 *     dictionary outgrows {@code dictionaryPageSizeBytes} (default true)
 * @param dictionaryPageSizeBytes largest dictionary page before fallback (default 1 MiB, at least
 *     64)
 * @param pageSizeBytes target uncompressed data page size (default 1 MiB)
 * @param pageRowLimit most rows per data page (default 20,000)
 * @param rowGroupRows most rows per row group (default 1,000,000)
 * @param rowGroupBytes a row group is cut once its estimated size in the file (encoded and
 *     compressed, as parquet-java's block size counts it) reaches this (default 128 MiB, at most 1
 *     GiB); until the file has shown its compression its rows count at their raw size, so its first
 *     groups may be smaller
 * @param statisticsEnabled write column chunk statistics and the column index (default true)
 * @param statisticsTruncateLength longest binary min/max in chunk statistics; longer bounds are
 *     truncated and marked inexact (default 64)
 * @param pageIndexEnabled write column and offset indexes (default true)
 * @param columnIndexTruncateLength longest binary min/max in the column index (default 64)
 * @param bloomFilters dotted leaf path to bloom filter sizing; columns not named get none
 * @param keyValueMetadata extra footer key-value pairs; the key {@code pqx.flink.schema} is
 *     reserved
 * @param sortingColumns recorded as {@code sorting_columns} of every row group; not enforced
 * @param createdBy footer {@code created_by}, in the "app version x.y.z (build b)" shape readers
 *     parse
 * @param pageChecksums write the CRC-32 of each page (dictionary and data pages, v1 and v2) into
 *     its header, over the page's bytes as stored after the header, as parquet-format's {@code
 *     PageHeader.crc} defines it (default true)
 * @param variantShredding VARIANT column path to the Flink type its values are shredded as
 *     (Parquet's VariantShredding: what matches that type goes to typed columns with statistics,
 *     the rest to the {@code value} binary); columns not named are written unshredded
 * @param encryption Parquet modular encryption of the file (keys, footer mode, algorithm, AAD
 *     prefix); null (default) writes a plaintext file. Its keys never show in {@link #toString()}
 */
@PublicEvolving
public record WriteOptions(
        Compression codec,
        int compressionLevel,
        PageVersion pageVersion,
        boolean dictionaryEnabled,
        int dictionaryPageSizeBytes,
        int pageSizeBytes,
        int pageRowLimit,
        long rowGroupRows,
        long rowGroupBytes,
        boolean statisticsEnabled,
        int statisticsTruncateLength,
        boolean pageIndexEnabled,
        int columnIndexTruncateLength,
        Map<String, BloomFilterSpec> bloomFilters,
        Map<String, String> keyValueMetadata,
        List<SortingColumnSpec> sortingColumns,
        String createdBy,
        boolean pageChecksums,
        Map<String, LogicalType> variantShredding,
        @Nullable FileEncryptionProperties encryption) {

    /**
     * The footer key-value metadata key under which the writer records the Flink row type (its
     * serializable string), which readers use to restore types Parquet cannot tell apart; users may
     * not set it.
     */
    public static final String FLINK_SCHEMA_KEY = "pqx.flink.schema";

    public static final String DEFAULT_CREATED_BY = "pqx version 0.1.0 (build pqx)";
    public static final long MAX_ROW_GROUP_BYTES = 1L << 30;

    /** The smallest dictionary page limit parquet-column's dictionary writer can start with. */
    public static final int MIN_DICTIONARY_PAGE_BYTES = 64;

    public WriteOptions {
        bloomFilters = Map.copyOf(bloomFilters);
        keyValueMetadata = Map.copyOf(keyValueMetadata);
        sortingColumns = List.copyOf(sortingColumns);
        variantShredding = Map.copyOf(variantShredding);
    }

    /** All defaults: ZSTD level 3, V1 pages, 1 MiB pages, 1M-row / 128 MiB row groups. */
    public static WriteOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.codec = codec;
        b.compressionLevel = compressionLevel;
        b.pageVersion = pageVersion;
        b.dictionaryEnabled = dictionaryEnabled;
        b.dictionaryPageSizeBytes = dictionaryPageSizeBytes;
        b.pageSizeBytes = pageSizeBytes;
        b.pageRowLimit = pageRowLimit;
        b.rowGroupRows = rowGroupRows;
        b.rowGroupBytes = rowGroupBytes;
        b.statisticsEnabled = statisticsEnabled;
        b.statisticsTruncateLength = statisticsTruncateLength;
        b.pageIndexEnabled = pageIndexEnabled;
        b.columnIndexTruncateLength = columnIndexTruncateLength;
        b.bloomFilters.putAll(bloomFilters);
        b.keyValueMetadata.putAll(keyValueMetadata);
        b.sortingColumns.addAll(sortingColumns);
        b.createdBy = createdBy;
        b.pageChecksums = pageChecksums;
        b.variantShredding.putAll(variantShredding);
        b.encryption = encryption;
        return b;
    }

    /**
     * Builds {@link WriteOptions}; not thread-safe. Every setter takes the value as is; {@link
     * #build()} checks them all.
     */
    public static final class Builder {
        private Compression codec = Compression.ZSTD;
        private Integer compressionLevel;
        private PageVersion pageVersion = PageVersion.V1;
        private boolean dictionaryEnabled = true;
        private int dictionaryPageSizeBytes = 1 << 20;
        private int pageSizeBytes = 1 << 20;
        private int pageRowLimit = 20_000;
        private long rowGroupRows = 1_000_000;
        private long rowGroupBytes = 128L << 20;
        private boolean statisticsEnabled = true;
        private int statisticsTruncateLength = 64;
        private boolean pageIndexEnabled = true;
        private int columnIndexTruncateLength = 64;
        private final Map<String, BloomFilterSpec> bloomFilters = new LinkedHashMap<>();
        private final Map<String, String> keyValueMetadata = new LinkedHashMap<>();
        private final List<SortingColumnSpec> sortingColumns = new ArrayList<>();
        private String createdBy = DEFAULT_CREATED_BY;
        private boolean pageChecksums = true;
        private final Map<String, LogicalType> variantShredding = new LinkedHashMap<>();

        @Nullable private FileEncryptionProperties encryption;

        private Builder() {}

        /**
         * Writes the file with Parquet modular encryption; null (default) writes it plaintext.
         * Column paths the properties name are checked against the schema when the writer opens.
         */
        public Builder encryption(@Nullable FileEncryptionProperties properties) {
            this.encryption = properties;
            return this;
        }

        /** The codec of every page; see {@link Compression} for what each accepts as level. */
        public Builder codec(Compression codec) {
            this.codec = codec;
            return this;
        }

        public Builder compressionLevel(int level) {
            this.compressionLevel = level;
            return this;
        }

        public Builder pageVersion(PageVersion pageVersion) {
            this.pageVersion = pageVersion;
            return this;
        }

        public Builder dictionaryEnabled(boolean enabled) {
            this.dictionaryEnabled = enabled;
            return this;
        }

        public Builder dictionaryPageSizeBytes(int bytes) {
            this.dictionaryPageSizeBytes = bytes;
            return this;
        }

        public Builder pageSizeBytes(int bytes) {
            this.pageSizeBytes = bytes;
            return this;
        }

        public Builder pageRowLimit(int rows) {
            this.pageRowLimit = rows;
            return this;
        }

        public Builder rowGroupRows(long rows) {
            this.rowGroupRows = rows;
            return this;
        }

        public Builder rowGroupBytes(long bytes) {
            this.rowGroupBytes = bytes;
            return this;
        }

        public Builder statisticsEnabled(boolean enabled) {
            this.statisticsEnabled = enabled;
            return this;
        }

        public Builder statisticsTruncateLength(int length) {
            this.statisticsTruncateLength = length;
            return this;
        }

        public Builder pageIndexEnabled(boolean enabled) {
            this.pageIndexEnabled = enabled;
            return this;
        }

        public Builder columnIndexTruncateLength(int length) {
            this.columnIndexTruncateLength = length;
            return this;
        }

        /** Adds (or replaces) the bloom filter of one leaf column. */
        public Builder bloomFilter(String leafPath, BloomFilterSpec spec) {
            this.bloomFilters.put(leafPath, spec);
            return this;
        }

        public Builder keyValue(String key, String value) {
            this.keyValueMetadata.put(key, value);
            return this;
        }

        public Builder keyValueMetadata(Map<String, String> metadata) {
            this.keyValueMetadata.putAll(metadata);
            return this;
        }

        public Builder sortingColumn(SortingColumnSpec column) {
            this.sortingColumns.add(column);
            return this;
        }

        public Builder createdBy(String createdBy) {
            this.createdBy = createdBy;
            return this;
        }

        public Builder pageChecksums(boolean enabled) {
            this.pageChecksums = enabled;
            return this;
        }

        /**
         * Shreds the values of VARIANT column {@code column} as {@code type}: a ROW (object fields
         * by name, each shredded as its type), an ARRAY (elements shredded as its element type) or
         * a primitive (BOOLEAN, TINYINT..BIGINT, FLOAT, DOUBLE, DECIMAL, STRING, BYTES, DATE,
         * TIMESTAMP(6|9), TIMESTAMP_LTZ(6|9)). A value (or object field, or element) of the type
         * goes to its typed column, anything else to the {@code value} binary; integers go to any
         * integer or decimal type that holds them exactly, decimals to a DECIMAL of their scale or
         * more. {@code column} is the column's name, or for a VARIANT inside a ROW its dotted
         * Parquet path ({@code "a.b"}). Checked against the schema when the writer opens.
         */
        public Builder variantShredding(String column, LogicalType type) {
            this.variantShredding.put(column, type);
            return this;
        }

        /**
         * Checks every option and builds.
         *
         * @throws IllegalArgumentException naming the first bad option and its value
         */
        public WriteOptions build() {
            check(
                    codec != null,
                    "codec",
                    null,
                    "must be one of " + Arrays.toString(Compression.values()));
            check(pageVersion != null, "pageVersion", null, "must be V1 or V2");
            int level = compressionLevel != null ? compressionLevel : codec.defaultLevel();
            checkLevel(level);
            // parquet-column's dictionary writer cannot start a buffer below 64 bytes.
            check(
                    dictionaryPageSizeBytes >= MIN_DICTIONARY_PAGE_BYTES,
                    "dictionaryPageSizeBytes",
                    dictionaryPageSizeBytes,
                    "must be >= " + MIN_DICTIONARY_PAGE_BYTES);
            checkPositive("pageSizeBytes", pageSizeBytes);
            checkPositive("pageRowLimit", pageRowLimit);
            checkPositive("rowGroupRows", rowGroupRows);
            check(
                    rowGroupRows <= Integer.MAX_VALUE,
                    "rowGroupRows",
                    rowGroupRows,
                    "must be at most " + Integer.MAX_VALUE);
            check(
                    rowGroupBytes > 0 && rowGroupBytes <= MAX_ROW_GROUP_BYTES,
                    "rowGroupBytes",
                    rowGroupBytes,
                    "must be between 1 and " + MAX_ROW_GROUP_BYTES);
            checkPositive("statisticsTruncateLength", statisticsTruncateLength);
            checkPositive("columnIndexTruncateLength", columnIndexTruncateLength);
            checkBloomFilters();
            checkKeyValues();
            for (SortingColumnSpec s : sortingColumns) {
                check(
                        s != null && s.path() != null && !s.path().isEmpty(),
                        "sortingColumns",
                        s,
                        "needs a non-empty leaf path");
            }
            check(
                    createdBy != null && !createdBy.isBlank(),
                    "createdBy",
                    createdBy,
                    "must not be empty");
            for (Map.Entry<String, LogicalType> e : variantShredding.entrySet()) {
                check(
                        e.getKey() != null && !e.getKey().isEmpty(),
                        "variantShredding",
                        e.getKey(),
                        "needs a non-empty column path");
                check(
                        e.getValue() != null,
                        "variantShredding[" + e.getKey() + "]",
                        null,
                        "must not be null");
            }
            return new WriteOptions(
                    codec,
                    level,
                    pageVersion,
                    dictionaryEnabled,
                    dictionaryPageSizeBytes,
                    pageSizeBytes,
                    pageRowLimit,
                    rowGroupRows,
                    rowGroupBytes,
                    statisticsEnabled,
                    statisticsTruncateLength,
                    pageIndexEnabled,
                    columnIndexTruncateLength,
                    bloomFilters,
                    keyValueMetadata,
                    sortingColumns,
                    createdBy,
                    pageChecksums,
                    variantShredding,
                    encryption);
        }

        private void checkLevel(int level) {
            if (codec == Compression.ZSTD) {
                check(
                        level >= 1 && level <= 22,
                        "compressionLevel",
                        level,
                        "must be between 1 and 22 for ZSTD");
            } else if (codec == Compression.GZIP) {
                check(
                        level >= 0 && level <= 9,
                        "compressionLevel",
                        level,
                        "must be between 0 and 9 for GZIP");
            }
        }

        private void checkBloomFilters() {
            for (Map.Entry<String, BloomFilterSpec> e : bloomFilters.entrySet()) {
                String option = "bloomFilters[" + e.getKey() + "]";
                check(
                        e.getKey() != null && !e.getKey().isEmpty(),
                        "bloomFilters",
                        e.getKey(),
                        "needs a non-empty leaf path");
                check(e.getValue() != null, option, null, "must not be null");
                long ndv = e.getValue().ndv();
                double fpp = e.getValue().fpp();
                check(ndv > 0, option + ".ndv", ndv, "must be > 0");
                check(fpp > 0 && fpp < 1, option + ".fpp", fpp, "must be in (0, 1)");
            }
        }

        private void checkKeyValues() {
            for (Map.Entry<String, String> e : keyValueMetadata.entrySet()) {
                check(
                        e.getKey() != null && e.getValue() != null,
                        "keyValueMetadata",
                        e.getKey() + "=" + e.getValue(),
                        "keys and values must not be null");
                check(
                        !FLINK_SCHEMA_KEY.equals(e.getKey()),
                        "keyValueMetadata",
                        e.getKey(),
                        "must not use the reserved key (the writer records the Flink row type"
                                + " under it)");
            }
        }

        private static void checkPositive(String option, long value) {
            check(value > 0, option, value, "must be > 0");
        }

        private static void check(boolean ok, String option, Object value, String rule) {
            if (!ok) {
                throw new IllegalArgumentException(
                        "Cannot build WriteOptions: "
                                + option
                                + " "
                                + rule
                                + " but is "
                                + Objects.toString(value));
            }
        }
    }
}
