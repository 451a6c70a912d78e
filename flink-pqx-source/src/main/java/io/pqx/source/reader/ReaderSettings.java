package io.pqx.source.reader;

import io.pqx.format.predicate.Predicate;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.crypto.DecryptionFactory;
import io.pqx.source.eventtime.WatermarkColumn;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/**
 * What the readers are configured with, in two groups, each checked in its own constructor.
 * Immutable.
 *
 * @param rows which rows and columns are read and emitted
 * @param decoding how pages are decoded into batches
 * @param limit each reader stops reading once it has handed over this many rows (the rest of its
 *     splits are finished unread); {@code Long.MAX_VALUE} for no limit
 * @param watermarkColumn the column of {@code rows.readType()} that stamps rows with their event
 *     time and whose split statistics bound the watermarks, or null for none
 * @param decryption makes the keys the split readers use, or null for none (its {@code toString}
 *     shows no key, so neither does this record's)
 */
@Internal
public record ReaderSettings(
        Rows rows,
        Decoding decoding,
        long limit,
        @Nullable WatermarkColumn watermarkColumn,
        @Nullable DecryptionFactory decryption)
        implements Serializable {

    public ReaderSettings {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(decoding, "decoding");
        if (limit < 0) {
            throw new IllegalArgumentException(
                    "Cannot configure a pqx reader: limit " + limit + " is negative");
        }
    }

    /** Settings with no watermark column and no decryption. */
    public ReaderSettings(Rows rows, Decoding decoding, long limit) {
        this(rows, decoding, limit, null, null);
    }

    /** Settings with this watermark column (or none) and no decryption. */
    public ReaderSettings(
            Rows rows, Decoding decoding, long limit, @Nullable WatermarkColumn watermarkColumn) {
        this(rows, decoding, limit, watermarkColumn, null);
    }

    /** Settings with no watermark column, decrypting with these keys (or none). */
    public ReaderSettings(
            Rows rows, Decoding decoding, long limit, @Nullable DecryptionFactory decryption) {
        this(rows, decoding, limit, null, decryption);
    }

    /**
     * Which rows and columns are read and emitted.
     *
     * @param producedType the rows emitted: requested columns, partition columns among them
     * @param partitionKeys the columns taken from {@code k=v} directories
     * @param readType the columns read: {@code producedType}'s, then the columns only the predicate
     *     reads, then the watermark column when neither emits nor filters by it ({@code
     *     partitionKeys} are those of this type)
     * @param predicate the row filter over {@code readType}'s column names, or null for none
     * @param inListCap IN lists of at most this many values are checked value by value against
     *     statistics, bloom filters and page indexes
     */
    public record Rows(
            RowType producedType,
            List<String> partitionKeys,
            RowType readType,
            @Nullable Predicate predicate,
            int inListCap)
            implements Serializable {
        public Rows {
            partitionKeys = List.copyOf(partitionKeys);
            if (!readType.getFieldNames()
                    .subList(0, producedType.getFieldCount())
                    .equals(producedType.getFieldNames())) {
                throw new IllegalArgumentException(
                        "Cannot configure a pqx reader: read columns "
                                + readType.getFieldNames()
                                + " do not start with the produced ones "
                                + producedType.getFieldNames());
            }
        }

        /**
         * A predicate over {@code readType}, IN lists checked value by value up to the default cap.
         */
        public static Rows filtered(
                RowType producedType,
                List<String> partitionKeys,
                RowType readType,
                @Nullable Predicate predicate) {
            return new Rows(
                    producedType,
                    partitionKeys,
                    readType,
                    predicate,
                    StatisticsPruner.DEFAULT_IN_LIST_CAP);
        }

        /** No predicate: the produced columns are those read. */
        public static Rows all(RowType producedType, List<String> partitionKeys) {
            return new Rows(
                    producedType,
                    partitionKeys,
                    producedType,
                    null,
                    StatisticsPruner.DEFAULT_IN_LIST_CAP);
        }
    }

    /**
     * How pages are decoded into batches.
     *
     * @param batchSize rows per decoded batch
     * @param verifyChecksums whether page CRCs are verified
     * @param footerCacheSize footers each split reader keeps for the next splits of the same file
     * @param decodeAhead whether the fetcher decodes the next batch while the previous one is
     *     emitted (two alternating batch buffers)
     * @param lateMaterialization whether a filtered row group may decode the predicate's columns
     *     first and the others only for the rows kept
     * @param readAheadBytes the most bytes a split reader fetches ahead from a distributed file
     *     system (the next row group read in full); 0 for none
     */
    public record Decoding(
            int batchSize,
            boolean verifyChecksums,
            int footerCacheSize,
            boolean decodeAhead,
            boolean lateMaterialization,
            long readAheadBytes)
            implements Serializable {

        /** Without read-ahead. */
        public Decoding(
                int batchSize,
                boolean verifyChecksums,
                int footerCacheSize,
                boolean decodeAhead,
                boolean lateMaterialization) {
            this(batchSize, verifyChecksums, footerCacheSize, decodeAhead, lateMaterialization, 0);
        }

        public Decoding {
            if (readAheadBytes < 0) {
                throw new IllegalArgumentException(
                        "Cannot configure a pqx reader: read-ahead bytes "
                                + readAheadBytes
                                + " must not be negative");
            }
            if (batchSize <= 0 || footerCacheSize < 0) {
                throw new IllegalArgumentException(
                        "Cannot configure a pqx reader: batch size "
                                + batchSize
                                + " must be positive, footer cache size "
                                + footerCacheSize
                                + " not negative");
            }
        }
    }
}
