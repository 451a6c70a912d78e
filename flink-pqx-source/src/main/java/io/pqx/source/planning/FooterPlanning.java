package io.pqx.source.planning;

import io.pqx.format.ParquetReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.pruning.FooterCache;
import io.pqx.source.pruning.PredicatePruning;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

/**
 * Plans files into splits, reading their footers in parallel on a bounded pool (its threads are the
 * bound) and through a {@link FooterCache}. The footers of one call are held until their file is
 * planned (the caller bounds a call's files: the enumerator plans in batches), then only the cache
 * keeps them. Called from the enumerator's worker thread, never from the coordinator thread. The
 * first footer that cannot be read fails the whole call, naming the file (a file is never silently
 * dropped).
 */
@Internal
public final class FooterPlanning {
    private final ExecutorService pool;
    private final FooterCache<FileFacts> cache;
    private final SplitPlanner planner;
    private final ReadOptions readOptions;
    private final PredicatePruning pruning;

    /** What planning keeps of a footer: the metadata and the file's schema fields. */
    public record FileFacts(FileMetadataView metadata, List<FieldView> fields) {}

    public FooterPlanning(
            ExecutorService pool,
            FooterCache<FileFacts> cache,
            SplitPlanner planner,
            ReadOptions readOptions,
            PredicatePruning pruning) {
        this.pool = pool;
        this.cache = cache;
        this.planner = planner;
        this.readOptions = readOptions;
        this.pruning = pruning;
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
        List<Future<FileFacts>> footers = new ArrayList<>(files.size());
        for (DiscoveredFile file : files) {
            footers.add(pruning.keepsFile(file, slots) ? pool.submit(() -> footer(file)) : null);
        }
        List<PlannedFile> planned = new ArrayList<>(files.size());
        try {
            for (int i = 0; i < files.size(); i++) {
                if (footers.get(i) == null) {
                    planned.add(new PlannedFile(files.get(i), List.of()));
                    continue;
                }
                FileFacts footer;
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
                AccessPlan access = pruning.plan(footer.metadata(), footer.fields(), slots);
                planned.add(
                        new PlannedFile(
                                files.get(i),
                                planner.plan(files.get(i), footer.metadata(), access)));
            }
        } finally {
            for (Future<FileFacts> f : footers) {
                if (f != null) {
                    f.cancel(true);
                }
            }
        }
        return planned;
    }

    /** The footer of {@code file}, from the cache or read (on the calling thread) and cached. */
    public FileFacts footer(DiscoveredFile file) throws IOException {
        var cached = cache.get(file);
        if (cached.isPresent()) {
            return cached.get();
        }
        InputFile in = FlinkInputFile.open(new Path(file.path()), file.length());
        try (ParquetReader reader = ParquetReader.open(in, readOptions)) { // reads the footer only
            FileFacts footer = new FileFacts(reader.metadata(), reader.schema().fields());
            cache.put(file, footer);
            return footer;
        }
    }
}
