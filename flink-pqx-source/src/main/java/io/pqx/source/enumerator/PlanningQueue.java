package io.pqx.source.enumerator;

import io.pqx.source.discovery.DiscoveredFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The listed files not planned yet, in planning order, and the batch being planned. A batch taken
 * ({@link #take}) stays in the {@link #snapshot} until {@link #finished}: the splits of its files
 * become pending in the same coordinator-thread step that finishes it, so a checkpoint holds every
 * listed file either here or as splits, never in neither, never in both. One batch at a time. Not
 * thread-safe: the enumerator uses it on the coordinator thread only.
 */
final class PlanningQueue {
    private final ArrayDeque<DiscoveredFile> waiting = new ArrayDeque<>();
    private List<DiscoveredFile> inFlight = null;

    void addAll(Collection<DiscoveredFile> files) {
        waiting.addAll(files);
    }

    void restore(List<UnplannedFile> files) {
        for (UnplannedFile f : files) {
            waiting.add(
                    new DiscoveredFile(f.path(), f.length(), f.modificationTime(), f.partitions()));
        }
    }

    /** Whether files wait and no batch is being planned: a batch may be taken. */
    boolean canTake() {
        return inFlight == null && !waiting.isEmpty();
    }

    /** Takes the next batch of at most {@code max} files; only when {@link #canTake()}. */
    List<DiscoveredFile> take(int max) {
        if (!canTake()) {
            throw new IllegalStateException("Cannot take a planning batch now");
        }
        List<DiscoveredFile> batch = new ArrayList<>(Math.min(max, waiting.size()));
        while (batch.size() < max && !waiting.isEmpty()) {
            batch.add(waiting.pollFirst());
        }
        inFlight = List.copyOf(batch);
        return inFlight;
    }

    /** The batch taken has been planned (its splits are pending now). */
    void finished() {
        inFlight = null;
    }

    /** Whether every file added has been planned. */
    boolean isEmpty() {
        return inFlight == null && waiting.isEmpty();
    }

    /** The files not planned yet, the batch being planned first. */
    int size() {
        return (inFlight == null ? 0 : inFlight.size()) + waiting.size();
    }

    /** The paths of the files not planned yet, the batch being planned included; a new set. */
    Set<String> paths() {
        Set<String> paths = new HashSet<>();
        if (inFlight != null) {
            inFlight.forEach(f -> paths.add(f.path()));
        }
        waiting.forEach(f -> paths.add(f.path()));
        return paths;
    }

    /** The files not planned yet, the batch being planned first: the checkpointed form. */
    List<UnplannedFile> snapshot() {
        List<UnplannedFile> files = new ArrayList<>(size());
        if (inFlight != null) {
            inFlight.forEach(f -> files.add(unplanned(f)));
        }
        waiting.forEach(f -> files.add(unplanned(f)));
        return files;
    }

    private static UnplannedFile unplanned(DiscoveredFile f) {
        return new UnplannedFile(f.path(), f.length(), f.modificationTime(), f.partitions());
    }
}
