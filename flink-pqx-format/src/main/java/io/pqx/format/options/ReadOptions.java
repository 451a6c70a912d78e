package io.pqx.format.options;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * How {@code ParquetReader} reads a file; immutable.
 *
 * @param batchSize rows per decoded batch (default 2048)
 * @param maxFooterBytes largest footer accepted; a file declaring more is refused before allocating
 *     (default 64 MiB)
 * @param maxPageBytes largest compressed or uncompressed page accepted; a page declaring more is
 *     refused with an {@link UnsupportedFileException} naming its size, before allocating (default
 *     512 MiB)
 * @param verifyChecksums whether to check the CRC-32 of pages that carry one (pages without one
 *     read as before); a mismatch is a {@link CorruptFileException} naming file, row group, column
 *     and page (default true: parquet-java and DuckDB do not check by default, and return wrong
 *     values from a damaged page)
 * @param useDeclaredSchema whether to read columns as the Flink types recorded by pqx's writer
 *     under the key-value metadata key {@code pqx.flink.schema} (ignored when absent or unparsable;
 *     default true)
 * @param alternatingBatches whether each row group is decoded into two sets of batch vectors in
 *     turn: a batch then stays valid until the batch after the next one is decoded, so one thread
 *     can emit a batch while another decodes the next (the source's fetcher). Costs a second set of
 *     vectors per row group read (default false: one set, a batch is valid until the next is
 *     decoded)
 * @param lateMaterialization whether a filtered row-group scan ({@code ParquetReader.scanRowGroup})
 *     may decode the filter's columns first and the other columns only for the rows the filter
 *     keeps, choosing per row group from the selectivity it measured (default true); false always
 *     decodes every column of every row and then filters, for comparison. Either way exactly the
 *     same rows are returned
 * @param decryption the keys (and AAD prefix) for files written with Parquet modular encryption;
 *     null (the default) reads plaintext files, and of an encrypted file with a plaintext footer
 *     its plaintext columns. Never shown by {@link #toString()} beyond which keys are set
 */
@PublicEvolving
public record ReadOptions(
        int batchSize,
        long maxFooterBytes,
        int maxPageBytes,
        boolean verifyChecksums,
        boolean useDeclaredSchema,
        boolean alternatingBatches,
        boolean lateMaterialization,
        @Nullable FileDecryptionProperties decryption) {

    public static final int DEFAULT_BATCH_SIZE = 2048;
    public static final long DEFAULT_MAX_FOOTER_BYTES = 64L << 20;
    public static final int DEFAULT_MAX_PAGE_BYTES = 512 << 20;
    public static final long MAX_FOOTER_BYTES = Integer.MAX_VALUE - 16;

    public ReadOptions {
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batchSize must be positive, got " + batchSize);
        }
        // A footer is read into one byte array.
        if (maxFooterBytes <= 0 || maxFooterBytes > MAX_FOOTER_BYTES) {
            throw new IllegalArgumentException(
                    "maxFooterBytes must be between 1 and "
                            + MAX_FOOTER_BYTES
                            + ", got "
                            + maxFooterBytes);
        }
        if (maxPageBytes <= 0) {
            throw new IllegalArgumentException(
                    "maxPageBytes must be positive, got " + maxPageBytes);
        }
    }

    /** Options without decryption properties (as before they existed). */
    public ReadOptions(
            int batchSize,
            long maxFooterBytes,
            int maxPageBytes,
            boolean verifyChecksums,
            boolean useDeclaredSchema,
            boolean alternatingBatches,
            boolean lateMaterialization) {
        this(
                batchSize,
                maxFooterBytes,
                maxPageBytes,
                verifyChecksums,
                useDeclaredSchema,
                alternatingBatches,
                lateMaterialization,
                null);
    }

    /** All defaults. */
    public static ReadOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder()
                .batchSize(batchSize)
                .maxFooterBytes(maxFooterBytes)
                .maxPageBytes(maxPageBytes)
                .verifyChecksums(verifyChecksums)
                .useDeclaredSchema(useDeclaredSchema)
                .alternatingBatches(alternatingBatches)
                .lateMaterialization(lateMaterialization)
                .decryption(decryption);
    }

    /** Builds {@link ReadOptions}; values are checked in {@link #build()}. */
    public static final class Builder {
        private int batchSize = DEFAULT_BATCH_SIZE;
        private long maxFooterBytes = DEFAULT_MAX_FOOTER_BYTES;
        private int maxPageBytes = DEFAULT_MAX_PAGE_BYTES;
        private boolean verifyChecksums = true;
        private boolean useDeclaredSchema = true;
        private boolean alternatingBatches;
        private boolean lateMaterialization = true;
        @Nullable private FileDecryptionProperties decryption;

        private Builder() {}

        public Builder batchSize(int rows) {
            this.batchSize = rows;
            return this;
        }

        public Builder maxFooterBytes(long bytes) {
            this.maxFooterBytes = bytes;
            return this;
        }

        public Builder maxPageBytes(int bytes) {
            this.maxPageBytes = bytes;
            return this;
        }

        public Builder verifyChecksums(boolean verify) {
            this.verifyChecksums = verify;
            return this;
        }

        public Builder useDeclaredSchema(boolean use) {
            this.useDeclaredSchema = use;
            return this;
        }

        public Builder alternatingBatches(boolean alternate) {
            this.alternatingBatches = alternate;
            return this;
        }

        public Builder lateMaterialization(boolean late) {
            this.lateMaterialization = late;
            return this;
        }

        /** Keys for encrypted files; null: none. */
        public Builder decryption(@Nullable FileDecryptionProperties properties) {
            this.decryption = properties;
            return this;
        }

        /**
         * @throws IllegalArgumentException naming the option and the bad value
         */
        public ReadOptions build() {
            return new ReadOptions(
                    batchSize,
                    maxFooterBytes,
                    maxPageBytes,
                    verifyChecksums,
                    useDeclaredSchema,
                    alternatingBatches,
                    lateMaterialization,
                    decryption);
        }
    }
}
