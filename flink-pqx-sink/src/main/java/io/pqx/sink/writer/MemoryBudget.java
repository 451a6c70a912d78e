package io.pqx.sink.writer;

import io.pqx.sink.file.PartFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.flink.metrics.Counter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One memory budget for all open files of a sink subtask ({@code sink.memory.budget}). Every
 * {@value #CHECK_EVERY_ROWS} rows it sums what the open files hold ({@link PartFile#heldBytes()}:
 * pages, dictionaries, page buffers, slices, rows held for a cut or not yet logged); over the
 * budget it frees memory down to {@value #REFILL_PERCENT}% of the budget, cheapest first:
 *
 * <ol>
 *   <li>it logs the rows that files keep only until a checkpoint logs them (exact mode, files open
 *       across checkpoints), largest first: a {@link PartFile#logOpenRows() row-log} segment each,
 *       nothing else changes;
 *   <li>it frees the dictionaries that will not pay ({@link PartFile#giveUpUnpayingDictionaries()}:
 *       a column's first page of mostly distinct values, which the page's end would give up
 *       anyway), largest file first;
 *   <li>then, largest open row group first, in approximate mode it cuts that row group early, in
 *       exact mode (where only a file's last row group may be short) it closes the file.
 *   <li>In approximate mode a forced cut never takes an open row group of fewer rows than the floor
 *       ({@code sink.row-group.min-rows}, at most the target): a row group costs its footer entry,
 *       page headers and index entries per column and a reader's seek whatever its rows, and under
 *       a budget too small for the open files a cut at every check made groups of a dozen rows
 *       whose footer entries (carried in the writer state while the file is open) outgrew the data.
 *       When cutting the groups at or above the floor does not bring what is held down, the files
 *       holding the most are closed instead, as in exact mode: their last row group is short, and
 *       new files take the partitions' next rows.
 * </ol>
 *
 * Spills (and the rows and row-log bytes they wrote), dictionaries given up, forced cuts and forced
 * closes are counted; cuts and closes are logged at INFO, at most once a minute. The writer state
 * holds no rows (a checkpoint names row-log segments), so a checkpoint adds nothing to what is
 * counted here.
 *
 * <p>Called by the sink's task thread only; {@link #heldBytes()} may be read by a metric reporter.
 */
final class MemoryBudget {
    private static final Logger LOG = LoggerFactory.getLogger(MemoryBudget.class);

    /** Rows between two measurements: the sum asks every column of every open file. */
    static final int CHECK_EVERY_ROWS = 512;

    /** After freeing, what is held is at most this share of the budget. */
    static final int REFILL_PERCENT = 75;

    /** A file's unlogged rows below this are not worth a segment of their own. */
    static final long MIN_SPILL_BYTES = 64 << 10;

    private static final long LOG_INTERVAL_MILLIS = 60_000;

    /** How the budget closes a file in exact mode (the writer's own closing, committable kept). */
    interface FileCloser {
        void close(String partition) throws IOException;
    }

    private final long budget;
    private final boolean closeFiles;

    /** Fewest rows of an open row group a forced cut takes (approximate mode). */
    private final int cutFloor;

    private final Counter forcedCuts;
    private final Counter forcedCloses;
    private final Counter spills;
    private final Counter spilledRows;
    private final Counter spilledBytes;
    private final Counter dictionaries;
    private final String subtask;
    private int untilCheck = CHECK_EVERY_ROWS;
    private volatile long heldBytes;
    private long loggedAt = Long.MIN_VALUE;

    /**
     * @param closeFiles exact mode: free memory by closing files rather than cutting row groups
     * @param cutFloor fewest rows of an open row group a forced cut takes; files whose open group
     *     holds fewer are closed instead if cuts do not free enough
     */
    MemoryBudget(
            long budget,
            boolean closeFiles,
            int cutFloor,
            Counter forcedCuts,
            Counter forcedCloses,
            Counter spills,
            Counter spilledRows,
            Counter spilledBytes,
            Counter dictionaries,
            String subtask) {
        this.cutFloor = Math.max(1, cutFloor);
        this.spills = spills;
        this.spilledRows = spilledRows;
        this.spilledBytes = spilledBytes;
        this.dictionaries = dictionaries;
        this.budget = budget;
        this.closeFiles = closeFiles;
        this.forcedCuts = forcedCuts;
        this.forcedCloses = forcedCloses;
        this.subtask = subtask;
    }

    /** Counts a row written; true when it is time to {@link #enforce}. */
    boolean due() {
        if (--untilCheck > 0) {
            return false;
        }
        untilCheck = CHECK_EVERY_ROWS;
        return true;
    }

    /** Bytes the open files held at the last measurement (after freeing, if it freed). */
    long heldBytes() {
        return heldBytes;
    }

    long budget() {
        return budget;
    }

    /**
     * Measures the open files and, over the budget, frees memory largest first.
     *
     * @param open the open files by partition
     * @param now processing time, for the log's rate limit
     */
    void enforce(Map<String, PartFile> open, FileCloser closer, long now) throws IOException {
        List<Map.Entry<String, Long>> held = new ArrayList<>(open.size());
        long total = 0;
        for (Map.Entry<String, PartFile> e : open.entrySet()) {
            long bytes = e.getValue().heldBytes();
            held.add(Map.entry(e.getKey(), bytes));
            total += bytes;
        }
        heldBytes = total;
        if (total <= budget) {
            return;
        }
        long measured = total;
        long target = budget / 100 * REFILL_PERCENT;
        total = spill(open, total, target);
        if (total <= target) {
            heldBytes = total;
            return;
        }
        total = giveUpDictionaries(open, target);
        if (total <= target) {
            heldBytes = total;
            return;
        }
        held.clear();
        for (Map.Entry<String, PartFile> e : open.entrySet()) {
            held.add(Map.entry(e.getKey(), e.getValue().heldBytes()));
        }
        held.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
        int cuts = 0;
        int closes = 0;
        String largest = null;
        for (Map.Entry<String, Long> e : held) {
            if (total <= target) {
                break;
            }
            PartFile file = open.get(e.getKey());
            if (file == null || file.openRowGroupRows() == 0) {
                continue;
            }
            if (largest == null) {
                largest =
                        file.fileName()
                                + " ("
                                + mib(e.getValue())
                                + " MiB, "
                                + file.openRowGroupRows()
                                + " rows in its open row group)";
            }
            if (closeFiles) {
                closer.close(e.getKey());
                forcedCloses.inc();
                closes++;
            } else if (file.openRowGroupRows() >= cutFloor) {
                file.cutOpenRowGroup();
                forcedCuts.inc();
                cuts++;
            } else {
                continue; // under the floor: closed below if cuts do not free enough
            }
            total -= e.getValue();
        }
        if (!closeFiles && total > target) {
            // Cuts at or above the floor did not free enough: close files, as exact mode does.
            held.clear();
            total = 0;
            for (Map.Entry<String, PartFile> e : open.entrySet()) {
                long bytes = e.getValue().heldBytes();
                held.add(Map.entry(e.getKey(), bytes));
                total += bytes;
            }
            held.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
            for (Map.Entry<String, Long> e : held) {
                if (total <= target) {
                    break;
                }
                PartFile file = open.get(e.getKey());
                if (file == null || file.openRowGroupRows() == 0) {
                    continue;
                }
                if (largest == null) {
                    largest =
                            file.fileName()
                                    + " ("
                                    + mib(e.getValue())
                                    + " MiB, "
                                    + file.openRowGroupRows()
                                    + " rows in its open row group)";
                }
                closer.close(e.getKey());
                forcedCloses.inc();
                closes++;
                total -= e.getValue();
            }
        }
        heldBytes = Math.max(0, total);
        if (largest != null
                && (loggedAt == Long.MIN_VALUE || now - loggedAt >= LOG_INTERVAL_MILLIS)) {
            loggedAt = now;
            LOG.info(
                    "pqx sink subtask {}: its {} open files hold {} MiB, over sink.memory.budget"
                            + " ({} MiB): {} {}, largest first {}; forced so far: {} row-group"
                            + " cuts, {} file closes (logged at most once a minute)",
                    subtask,
                    open.size() + closes,
                    mib(measured),
                    mib(budget),
                    closeFiles
                            ? "closed " + closes + " files"
                            : "cut "
                                    + cuts
                                    + " open row groups early and closed "
                                    + closes
                                    + " files",
                    closeFiles
                            ? "(exact mode: their last row group is short)"
                            : "(no forced cut takes fewer than "
                                    + cutFloor
                                    + " rows: files"
                                    + " whose open row group is smaller close, their last row"
                                    + " group short)",
                    largest,
                    forcedCuts.getCount(),
                    forcedCloses.getCount());
        }
    }

    /**
     * Gives up the dictionaries that will not pay of the files holding the most, until what they
     * hold is at {@code target}.
     *
     * @return what the files hold then
     */
    private long giveUpDictionaries(Map<String, PartFile> open, long target) throws IOException {
        List<Map.Entry<PartFile, Long>> files = new ArrayList<>(open.size());
        long total = 0;
        for (PartFile file : open.values()) {
            long bytes = file.heldBytes();
            files.add(Map.entry(file, bytes));
            total += bytes;
        }
        files.sort(Map.Entry.<PartFile, Long>comparingByValue(Comparator.reverseOrder()));
        for (Map.Entry<PartFile, Long> e : files) {
            if (total <= target) {
                break;
            }
            int given = e.getKey().giveUpUnpayingDictionaries();
            if (given > 0) {
                dictionaries.inc(given);
                total -= e.getValue() - e.getKey().heldBytes();
            }
        }
        return total;
    }

    /**
     * Logs the unlogged rows of the files with the most, until {@code total} is at {@code target}.
     *
     * @return what the files hold then
     */
    private long spill(Map<String, PartFile> open, long total, long target) throws IOException {
        List<Map.Entry<PartFile, Long>> unlogged = new ArrayList<>();
        for (PartFile file : open.values()) {
            long bytes = file.unloggedBytes();
            if (bytes >= MIN_SPILL_BYTES) {
                unlogged.add(Map.entry(file, bytes));
            }
        }
        unlogged.sort(Map.Entry.<PartFile, Long>comparingByValue(Comparator.reverseOrder()));
        for (Map.Entry<PartFile, Long> e : unlogged) {
            if (total <= target) {
                break;
            }
            PartFile file = e.getKey();
            long rowsBefore = file.loggedRows();
            long bytesBefore = file.loggedBytes();
            file.logOpenRows();
            spills.inc();
            spilledRows.inc(file.loggedRows() - rowsBefore);
            spilledBytes.inc(file.loggedBytes() - bytesBefore);
            total -= e.getValue() - e.getKey().unloggedBytes();
        }
        return total;
    }

    private static long mib(long bytes) {
        return bytes >> 20;
    }
}
