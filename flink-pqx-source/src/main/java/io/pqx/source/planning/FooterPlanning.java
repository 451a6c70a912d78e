package io.pqx.source.planning;

import io.pqx.format.ParquetReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.ReadOptions;
import io.pqx.source.discovery.DiscoveredFile;

import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Plans files into splits, reading their footers in parallel on a bounded pool (its threads are
 * the bound) and through a {@link FooterCache}. Called from the enumerator's worker thread, never
 * from the coordinator thread. The first footer that cannot be read fails the whole call, naming
 * the file (a file is never silently dropped).
 */
public final class FooterPlanning {
    private final ExecutorService pool;
    private final FooterCache<FileMetadataView> cache;
    private final SplitPlanner planner;
    private final ReadOptions readOptions;

    public FooterPlanning(ExecutorService pool, FooterCache<FileMetadataView> cache, SplitPlanner planner,
            ReadOptions readOptions) {
        this.pool = pool;
        this.cache = cache;
        this.planner = planner;
        this.readOptions = readOptions;
    }

    public List<PlannedFile> plan(List<DiscoveredFile> files) throws IOException, InterruptedException {
        List<Future<FileMetadataView>> footers = new ArrayList<>(files.size());
        for (DiscoveredFile file : files) {
            footers.add(pool.submit(() -> footer(file)));
        }
        List<PlannedFile> planned = new ArrayList<>(files.size());
        try {
            for (int i = 0; i < files.size(); i++) {
                FileMetadataView footer;
                try {
                    footer = footers.get(i).get();
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof IOException io) {
                        throw io;
                    }
                    throw new IOException("Cannot read the footer of " + files.get(i).path()
                            + ": " + cause, cause);
                }
                planned.add(new PlannedFile(files.get(i), planner.plan(files.get(i), footer)));
            }
        } finally {
            for (Future<FileMetadataView> f : footers) {
                f.cancel(true);
            }
        }
        return planned;
    }

    private FileMetadataView footer(DiscoveredFile file) throws IOException {
        var cached = cache.get(file);
        if (cached.isPresent()) {
            return cached.get();
        }
        try (InputFile in = FlinkInputFile.open(new Path(file.path()), file.length())) {
            FileMetadataView footer = ParquetReader.readMetadata(in, readOptions);
            cache.put(file, footer);
            return footer;
        }
    }
}
