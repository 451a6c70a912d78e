package io.pqx.source.planning;

import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetTail;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.eventtime.EventTimeStatistics;
import io.pqx.source.eventtime.WatermarkColumn;
import io.pqx.source.pruning.FooterCache;
import io.pqx.source.pruning.PredicatePruning;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

/**
 * Plans files into splits, reading their footers in parallel on a bounded pool and the calling
 * thread (the pool's threads and the caller are the bound; the caller reads the last footer of a
 * call, so a call for one file uses no pool thread) and through a {@link FooterCache}. The footers
 * of one call are held until their file is planned (the caller bounds a call's files: the
 * enumerator plans in batches), then only the cache keeps them. Called from the enumerator's worker
 * thread, never from the coordinator thread. The first footer that cannot be read fails the whole
 * call, naming the file (a file is never silently dropped).
 *
 * <p>Footer tails: a footer read from a file on a distributed file system (an object store, HDFS:
 * its range reads run concurrently, and a request costs a round trip) keeps the bytes of the file's
 * tail the read fetched, at most {@code maxTailBytes} ({@link ParquetReader#openKeepingTail}), if
 * they fit the {@link FooterTailBudget}; they ride with the file's first split to its reader, which
 * then opens the file without a footer request. Only that first split carries them (the reader
 * keeps the footer for the file's next splits it reads; other readers read it themselves), so a
 * file's tail is sent once. A footer from the cache has no tail (its split's reader reads the
 * footer as it always did).
 *
 * <p>Event times: with a watermark column, each split carries the least event time of each of its
 * row groups by the footer's statistics ({@link EventTimeStatistics}); a split one of whose row
 * groups has no trusted statistics carries none, and its file is planned with the reason ({@link
 * PlannedFile#withoutEventTimes()}).
 */
@Internal
public final class FooterPlanning {
    private final ExecutorService pool;
    private final FooterCache<FileFacts> cache;
    private final SplitPlanner planner;
    private final ReadOptions readOptions;
    private final PredicatePruning pruning;
    private final FooterTailBudget tails;
    private final int maxTailBytes;
    @Nullable private final WatermarkColumn watermarkColumn;

    /** What planning keeps of a footer: the metadata and the file's schema fields. */
    public record FileFacts(FileMetadataView metadata, List<FieldView> fields) {}

    /** A footer read for planning, and the tail its split may carry (null: none). */
    private record Read(FileFacts facts, @Nullable ParquetTail tail) {}

    /** Keeps no footer tail. */
    public FooterPlanning(
            ExecutorService pool,
            FooterCache<FileFacts> cache,
            SplitPlanner planner,
            ReadOptions readOptions,
            PredicatePruning pruning) {
        this(pool, cache, planner, readOptions, pruning, FooterTailBudget.unregistered(0), 0);
    }

    public FooterPlanning(
            ExecutorService pool,
            FooterCache<FileFacts> cache,
            SplitPlanner planner,
            ReadOptions readOptions,
            PredicatePruning pruning,
            FooterTailBudget tails,
            int maxTailBytes) {
        this(pool, cache, planner, readOptions, pruning, tails, maxTailBytes, null);
    }

    /**
     * @param watermarkColumn the column whose statistics give the splits their event times, or null
     *     for none
     */
    public FooterPlanning(
            ExecutorService pool,
            FooterCache<FileFacts> cache,
            SplitPlanner planner,
            ReadOptions readOptions,
            PredicatePruning pruning,
            FooterTailBudget tails,
            int maxTailBytes,
            @Nullable WatermarkColumn watermarkColumn) {
        this.watermarkColumn = watermarkColumn;
        this.pool = pool;
        this.cache = cache;
        this.planner = planner;
        this.readOptions = readOptions;
        this.pruning = pruning;
        this.tails = tails;
        this.maxTailBytes = maxTailBytes;
    }

    /**
     * Plans {@code files}: a file whose partition values prove the predicate cannot match gets no
     * split and its footer is not read; the others are split over the row groups their statistics
     * do not prune ({@link PredicatePruning}). Every file is in the result (with no split if
     * pruned).
     */
    public List<PlannedFile> plan(List<DiscoveredFile> files)
            throws IOException, InterruptedException {
        return plan(files, SlotValues.none());
    }

    /** As {@link #plan(List)}, pruning also with the runtime filters known now ({@code slots}). */
    public List<PlannedFile> plan(List<DiscoveredFile> files, SlotValues slots)
            throws IOException, InterruptedException {
        int onCallerAt = files.size() - 1; // the last file kept: read on this thread
        while (onCallerAt >= 0 && !pruning.keepsFile(files.get(onCallerAt), slots)) {
            onCallerAt--;
        }
        List<Future<Read>> footers = new ArrayList<>(files.size());
        FutureTask<Read> onCaller = null;
        for (int i = 0; i < files.size(); i++) {
            DiscoveredFile file = files.get(i);
            if (i == onCallerAt) {
                // This thread would only wait meanwhile: a call for one file (a bounded job over
                // one file) hands its footer read to no pool thread, whose start and hand-back
                // cost a job on an object store milliseconds between the listing and the footer
                // request, and again between the footer and its split.
                onCaller = new FutureTask<>(() -> read(file));
                footers.add(onCaller);
            } else {
                footers.add(
                        i < onCallerAt && pruning.keepsFile(file, slots)
                                ? pool.submit(() -> read(file))
                                : null);
            }
        }
        if (onCaller != null) {
            onCaller.run(); // a failure is kept in the task and thrown below, as a pool read's
        }
        List<PlannedFile> planned = new ArrayList<>(files.size());
        try {
            for (int i = 0; i < files.size(); i++) {
                if (footers.get(i) == null) {
                    planned.add(new PlannedFile(files.get(i), List.of()));
                    continue;
                }
                Read footer;
                try {
                    footer = footers.get(i).get();
                    footers.set(i, null); // planned: not held to the end of the batch
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof IOException io) {
                        throw io;
                    }
                    throw new IOException(
                            "Cannot read the footer of " + files.get(i).path() + ": " + cause,
                            cause);
                }
                FileFacts facts = footer.facts();
                AccessPlan access = pruning.plan(facts.metadata(), facts.fields(), slots);
                List<RowGroupSplit> splits = planner.plan(files.get(i), facts.metadata(), access);
                String withoutEventTimes = null;
                if (watermarkColumn != null && !splits.isEmpty()) {
                    EventTimeStatistics times =
                            EventTimeStatistics.of(
                                    watermarkColumn, facts.metadata(), facts.fields());
                    List<RowGroupSplit> timed = new ArrayList<>(splits.size());
                    for (RowGroupSplit split : splits) {
                        int first = split.firstRowGroup();
                        int last = split.lastRowGroup();
                        Optional<String> reason = times.reason(first, last);
                        if (reason.isPresent() && withoutEventTimes == null) {
                            withoutEventTimes = reason.get();
                        }
                        timed.add(times.run(first, last).map(split::withEventTimes).orElse(split));
                    }
                    splits = timed;
                }
                planned.add(
                        new PlannedFile(
                                files.get(i), withTail(splits, footer.tail()), withoutEventTimes));
            }
        } finally {
            for (Future<Read> f : footers) {
                if (f != null && !f.cancel(true)) {
                    releaseTailOf(f); // read before the call failed: its tail goes nowhere
                }
            }
        }
        return planned;
    }

    /** {@code splits}, the first carrying {@code tail}; the tail released when there is none. */
    private List<RowGroupSplit> withTail(List<RowGroupSplit> splits, @Nullable ParquetTail tail) {
        if (tail == null) {
            return splits;
        }
        if (splits.isEmpty()) {
            tails.release(tail.length());
            return splits;
        }
        List<RowGroupSplit> carrying = new ArrayList<>(splits);
        carrying.set(0, splits.get(0).withFooterTail(tail));
        return carrying;
    }

    private void releaseTailOf(Future<Read> done) {
        try {
            ParquetTail tail = done.get().tail();
            if (tail != null) {
                tails.release(tail.length());
            }
        } catch (ExecutionException | InterruptedException | RuntimeException e) {
            // no tail was reserved, or it cannot be told: nothing to release
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The footer of {@code file}, from the cache or read (on the calling thread) and cached. */
    public FileFacts footer(DiscoveredFile file) throws IOException {
        return read(file, false).facts();
    }

    private Read read(DiscoveredFile file) throws IOException {
        return read(file, maxTailBytes > 0);
    }

    /**
     * The footer of {@code file}, from the cache or read and cached; read from a distributed file
     * system with {@code keepTail}, with its tail if the budget holds it.
     */
    private Read read(DiscoveredFile file, boolean keepTail) throws IOException {
        var cached = cache.get(file);
        if (cached.isPresent()) {
            return new Read(cached.get(), null);
        }
        InputFile in = FlinkInputFile.open(new Path(file.path()), file.length());
        // a local file's footer costs its reader no round trip: no tail is worth the JM's memory
        boolean remote = keepTail && in.rangeReadPolicy().concurrency() > 1;
        try (ParquetReader reader = // reads the footer only
                remote
                        ? ParquetReader.openKeepingTail(in, readOptions, maxTailBytes)
                        : ParquetReader.open(in, readOptions)) {
            FileFacts footer = new FileFacts(reader.metadata(), reader.schema().fields());
            cache.put(file, footer);
            ParquetTail tail = reader.tail().orElse(null);
            if (tail != null && !tails.tryReserve(tail.length())) {
                tail = null; // over the budget: this file's reader reads its footer itself
            }
            return new Read(footer, tail);
        }
    }
}
