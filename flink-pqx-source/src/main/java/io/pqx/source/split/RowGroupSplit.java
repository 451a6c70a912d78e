package io.pqx.source.split;

import io.pqx.format.ParquetTail;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A run of row groups {@code [firstRowGroup, lastRowGroup]} of one Parquet file, and where reading
 * stands in it: the next row to emit is row {@code nextRow} of row group {@code nextRowGroup}
 * (counted from 0 in that row group). A split whose position is past {@code lastRowGroup} has
 * nothing left to read. Immutable.
 *
 * <p>Guarantee for exact restore: the reader checkpoints a split with the position just after the
 * last row it emitted, so a restored split emits exactly the rows not yet emitted, in order.
 *
 * <p>The split also records the file's length and modification time at planning (a reader refuses a
 * file whose length changed since) and its Hive-style partition values ({@code k=v} directory names
 * between the source path and the file, unescaped, outermost first).
 *
 * <p>With a predicate, the split also names the row groups of its run whose footer statistics prove
 * that every row matches ({@link #allMatchRowGroups()}, ALL_MATCH): the reader emits their rows
 * without evaluating the row filter. A row group the statistics prove empty of matches is in no
 * split (splits are runs of surviving row groups).
 *
 * <p>Footer tail: on its way from the enumerator to a reader a split may carry the tail bytes the
 * enumerator read its file's footer from ({@link #footerTail()}, a {@link ParquetTail} ending at
 * {@link #fileLength()}), so the reader opens the file without a footer request. The tail is a
 * transient attachment, not part of the split: it is not in {@link #equals}, a split {@link #at}
 * another position has none (so reader checkpoints never hold one), and whoever is done with it
 * takes it off ({@link #takeFooterTail()}: the enumerator once the split was sent, so Flink's
 * record of assigned splits does not keep it; the reader once it opened the file). Apart from that
 * attachment the split is immutable.
 */
@PublicEvolving
public final class RowGroupSplit implements SourceSplit {

    private final String path;
    private final long fileLength;
    private final long modificationTime;
    private final Map<String, String> partitions;
    private final int firstRowGroup;
    private final int lastRowGroup;
    private final int nextRowGroup;
    private final long nextRow;
    private final List<Integer> allMatchRowGroups;
    @Nullable private final SplitEventTimes eventTimes;
    // transient: see the class comment; volatile as the enumerator's and reader's threads take it
    @Nullable private volatile ParquetTail footerTail;

    public RowGroupSplit(
            String path,
            long fileLength,
            long modificationTime,
            Map<String, String> partitions,
            int firstRowGroup,
            int lastRowGroup,
            int nextRowGroup,
            long nextRow) {
        this(
                path,
                fileLength,
                modificationTime,
                partitions,
                firstRowGroup,
                lastRowGroup,
                nextRowGroup,
                nextRow,
                List.of());
    }

    /**
     * @param allMatchRowGroups row groups of {@code [firstRowGroup, lastRowGroup]} whose every row
     *     matches the source's predicate, ascending
     */
    public RowGroupSplit(
            String path,
            long fileLength,
            long modificationTime,
            Map<String, String> partitions,
            int firstRowGroup,
            int lastRowGroup,
            int nextRowGroup,
            long nextRow,
            List<Integer> allMatchRowGroups) {
        this(
                path,
                fileLength,
                modificationTime,
                partitions,
                firstRowGroup,
                lastRowGroup,
                nextRowGroup,
                nextRow,
                allMatchRowGroups,
                null);
    }

    /**
     * @param allMatchRowGroups as above
     * @param eventTimes the least event time of each row group of {@code [firstRowGroup,
     *     lastRowGroup]}, or null when the source has no watermark column or the statistics do not
     *     prove them
     */
    public RowGroupSplit(
            String path,
            long fileLength,
            long modificationTime,
            Map<String, String> partitions,
            int firstRowGroup,
            int lastRowGroup,
            int nextRowGroup,
            long nextRow,
            List<Integer> allMatchRowGroups,
            @Nullable SplitEventTimes eventTimes) {
        this.path = Objects.requireNonNull(path, "path");
        if (fileLength < 0) {
            throw new IllegalArgumentException(
                    "Cannot make a split of " + path + ": negative file length " + fileLength);
        }
        if (firstRowGroup < 0 || lastRowGroup < firstRowGroup) {
            throw new IllegalArgumentException(
                    "Cannot make a split of "
                            + path
                            + ": row groups ["
                            + firstRowGroup
                            + ", "
                            + lastRowGroup
                            + "] are not a run");
        }
        if (nextRowGroup < firstRowGroup || nextRowGroup > lastRowGroup + 1 || nextRow < 0) {
            throw new IllegalArgumentException(
                    "Cannot make a split of "
                            + path
                            + ": position (row group "
                            + nextRowGroup
                            + ", row "
                            + nextRow
                            + ") is outside row groups ["
                            + firstRowGroup
                            + ", "
                            + lastRowGroup
                            + "]");
        }
        this.fileLength = fileLength;
        this.modificationTime = modificationTime;
        this.partitions = Collections.unmodifiableMap(new LinkedHashMap<>(partitions));
        this.firstRowGroup = firstRowGroup;
        this.lastRowGroup = lastRowGroup;
        this.nextRowGroup = nextRowGroup;
        this.nextRow = nextRow;
        int previous = firstRowGroup - 1;
        for (int g : allMatchRowGroups) {
            if (g <= previous || g > lastRowGroup) {
                throw new IllegalArgumentException(
                        "Cannot make a split of "
                                + path
                                + ": fully matching"
                                + " row groups "
                                + allMatchRowGroups
                                + " are not ascending within ["
                                + firstRowGroup
                                + ", "
                                + lastRowGroup
                                + "]");
            }
            previous = g;
        }
        this.allMatchRowGroups = List.copyOf(allMatchRowGroups);
        if (eventTimes != null && eventTimes.rowGroups() != lastRowGroup - firstRowGroup + 1) {
            throw new IllegalArgumentException(
                    "Cannot make a split of "
                            + path
                            + ": event times of "
                            + eventTimes.rowGroups()
                            + " row groups for row groups ["
                            + firstRowGroup
                            + ", "
                            + lastRowGroup
                            + "]");
        }
        this.eventTimes = eventTimes;
    }

    /** A split positioned at its first row. */
    public static RowGroupSplit of(
            String path,
            long fileLength,
            long modificationTime,
            Map<String, String> partitions,
            int firstRowGroup,
            int lastRowGroup) {
        return new RowGroupSplit(
                path,
                fileLength,
                modificationTime,
                partitions,
                firstRowGroup,
                lastRowGroup,
                firstRowGroup,
                0);
    }

    /** A split positioned at its first row, with these fully matching row groups. */
    public static RowGroupSplit of(
            String path,
            long fileLength,
            long modificationTime,
            Map<String, String> partitions,
            int firstRowGroup,
            int lastRowGroup,
            List<Integer> allMatchRowGroups) {
        return new RowGroupSplit(
                path,
                fileLength,
                modificationTime,
                partitions,
                firstRowGroup,
                lastRowGroup,
                firstRowGroup,
                0,
                allMatchRowGroups);
    }

    /** The versioned serializer of splits. */
    public static SimpleVersionedSerializer<RowGroupSplit> serializer() {
        return RowGroupSplitSerializer.INSTANCE;
    }

    /** Unique within a job: the file and the run of row groups. */
    @Override
    public String splitId() {
        return path + "#" + firstRowGroup + "-" + lastRowGroup;
    }

    /** This split with the next row to emit at (row group, row). */
    public RowGroupSplit at(int rowGroup, long row) {
        return new RowGroupSplit(
                path,
                fileLength,
                modificationTime,
                partitions,
                firstRowGroup,
                lastRowGroup,
                rowGroup,
                row,
                allMatchRowGroups,
                eventTimes);
    }

    /**
     * This split (at the same position) with {@code times}, the least event time of each of its row
     * groups.
     *
     * @throws IllegalArgumentException when {@code times} does not cover the split's row groups
     */
    public RowGroupSplit withEventTimes(SplitEventTimes times) {
        RowGroupSplit timed =
                new RowGroupSplit(
                        path,
                        fileLength,
                        modificationTime,
                        partitions,
                        firstRowGroup,
                        lastRowGroup,
                        nextRowGroup,
                        nextRow,
                        allMatchRowGroups,
                        Objects.requireNonNull(times, "times"));
        timed.footerTail = footerTail;
        return timed;
    }

    /**
     * The least event time of each of this split's row groups, when the source has a watermark
     * column and the statistics prove them.
     */
    public Optional<SplitEventTimes> eventTimes() {
        return Optional.ofNullable(eventTimes);
    }

    /**
     * The least event time of the rows this split still has to emit, by the statistics: of the row
     * groups from its position on. Empty without event times; {@link Long#MAX_VALUE} when no row
     * still to come has one.
     */
    public OptionalLong leastEventTimeToCome() {
        if (eventTimes == null) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(eventTimes.leastFrom(nextRowGroup - firstRowGroup));
    }

    /**
     * This split carrying {@code tail}, the bytes at the end of its file the footer was read from
     * (of the file version the split names).
     *
     * @throws IllegalArgumentException when the tail does not end at {@link #fileLength()}
     */
    public RowGroupSplit withFooterTail(ParquetTail tail) {
        if (tail.fileLength() != fileLength) {
            throw new IllegalArgumentException(
                    "Cannot attach a footer tail to split "
                            + splitId()
                            + ": it ends at "
                            + tail.fileLength()
                            + ", the file has "
                            + fileLength
                            + " bytes");
        }
        RowGroupSplit carrying =
                new RowGroupSplit(
                        path,
                        fileLength,
                        modificationTime,
                        partitions,
                        firstRowGroup,
                        lastRowGroup,
                        nextRowGroup,
                        nextRow,
                        allMatchRowGroups,
                        eventTimes);
        carrying.footerTail = tail;
        return carrying;
    }

    /** The footer tail this split carries, if it still does. */
    public Optional<ParquetTail> footerTail() {
        return Optional.ofNullable(footerTail);
    }

    /** The footer tail this split carries, if it still does, which it carries no more. */
    public Optional<ParquetTail> takeFooterTail() {
        synchronized (this) {
            ParquetTail tail = footerTail;
            footerTail = null;
            return Optional.ofNullable(tail);
        }
    }

    /**
     * Row groups of this split whose every row matches the source's predicate (ascending); their
     * rows skip the row filter. Empty without a predicate.
     */
    public List<Integer> allMatchRowGroups() {
        return allMatchRowGroups;
    }

    /** Whether every row of {@code rowGroup} is known to match the source's predicate. */
    public boolean isAllMatch(int rowGroup) {
        return Collections.binarySearch(allMatchRowGroups, rowGroup) >= 0;
    }

    public String path() {
        return path;
    }

    public long fileLength() {
        return fileLength;
    }

    public long modificationTime() {
        return modificationTime;
    }

    /** Partition key to raw (unescaped) directory value, outermost directory first. */
    public Map<String, String> partitions() {
        return partitions;
    }

    public int firstRowGroup() {
        return firstRowGroup;
    }

    public int lastRowGroup() {
        return lastRowGroup;
    }

    public int nextRowGroup() {
        return nextRowGroup;
    }

    public long nextRow() {
        return nextRow;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RowGroupSplit s)) {
            return false;
        }
        return path.equals(s.path)
                && fileLength == s.fileLength
                && modificationTime == s.modificationTime
                && partitions.equals(s.partitions)
                && firstRowGroup == s.firstRowGroup
                && lastRowGroup == s.lastRowGroup
                && nextRowGroup == s.nextRowGroup
                && nextRow == s.nextRow
                && allMatchRowGroups.equals(s.allMatchRowGroups)
                && Objects.equals(eventTimes, s.eventTimes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, fileLength, firstRowGroup, lastRowGroup, nextRowGroup, nextRow);
    }

    @Override
    public String toString() {
        return "RowGroupSplit{"
                + path
                + ", row groups ["
                + firstRowGroup
                + ", "
                + lastRowGroup
                + "], next (row group "
                + nextRowGroup
                + ", row "
                + nextRow
                + "), "
                + fileLength
                + " bytes, mtime "
                + modificationTime
                + (partitions.isEmpty() ? "" : ", " + partitions)
                + (allMatchRowGroups.isEmpty() ? "" : ", all match " + allMatchRowGroups)
                + (eventTimes == null ? "" : ", " + eventTimes)
                + (footerTail == null ? "" : ", footer tail of " + footerTail.length() + " bytes")
                + "}";
    }
}
