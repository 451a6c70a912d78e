package io.pqx.source.enumerator;

import io.pqx.source.split.SeenFile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which files are already planned, in bounded memory: a modification-time watermark (the newest
 * modification time of any planned file) and the paths of the planned files whose modification
 * time is at least {@code watermark - horizon}.
 *
 * <p><b>The rule.</b> A listed file is new when its modification time is at least {@code watermark
 * - horizon} and its path is not remembered. A file below that threshold is taken as planned. The
 * watermark only grows, so the threshold only grows, and a file remembered at one threshold is
 * remembered at every earlier one: a file above the threshold is planned exactly once.
 *
 * <p><b>The guarantee.</b> Every file is read exactly once if it becomes visible in the listing
 * before some file with a modification time more than {@code horizon} newer than its own has been
 * planned. Files that appear late with an old modification time (pqx's sink renames its
 * in-progress files, which keeps the time of their last write) are read, as long as they are late
 * by less than the horizon relative to the newest file. The size is the number of files written
 * within one horizon below the newest, whatever the number of files ever seen.
 *
 * <p>Not thread-safe; {@link #view()} gives an immutable copy for the discovery thread.
 */
public final class SeenFiles {
    private final long horizonMillis;
    private final Map<String, Long> paths = new HashMap<>();
    private long watermark = Long.MIN_VALUE;
    private View view = new View(Long.MIN_VALUE, Map.of());

    public SeenFiles(long horizonMillis) {
        if (horizonMillis < 0) {
            throw new IllegalArgumentException("Cannot track seen files: negative horizon "
                    + horizonMillis + " ms");
        }
        this.horizonMillis = horizonMillis;
    }

    /** Restores a checkpointed watermark and seen files (dropping those below the threshold). */
    public void restore(long checkpointedWatermark, List<SeenFile> files) {
        watermark = checkpointedWatermark;
        for (SeenFile f : files) {
            paths.put(f.path(), f.modificationTime());
        }
        prune();
        view = null;
    }

    /** Whether a listed file is still to be planned. */
    public boolean isNew(String path, long modificationTime) {
        return isNew(path, modificationTime, threshold(watermark), paths);
    }

    /** Records a file as planned; may advance the watermark and forget files below the threshold. */
    public void add(String path, long modificationTime) {
        paths.put(path, modificationTime);
        if (modificationTime > watermark) {
            watermark = modificationTime;
            prune();
        } else if (modificationTime < threshold(watermark)) {
            paths.remove(path);
        }
        view = null;
    }

    public long watermark() {
        return watermark;
    }

    public int size() {
        return paths.size();
    }

    /** The remembered files, sorted by path (the checkpointed form). */
    public List<SeenFile> snapshot() {
        List<SeenFile> files = new ArrayList<>(paths.size());
        paths.forEach((p, t) -> files.add(new SeenFile(p, t)));
        files.sort(Comparator.comparing(SeenFile::path));
        return files;
    }

    /** An immutable copy, for deciding on another thread which listed files look new. */
    public View view() {
        if (view == null) {
            view = new View(watermark, Map.copyOf(paths));
        }
        return view;
    }

    private void prune() {
        long threshold = threshold(watermark);
        paths.values().removeIf(t -> t < threshold);
    }

    private long threshold(long mark) {
        return mark == Long.MIN_VALUE ? Long.MIN_VALUE : mark - horizonMillis;
    }

    private static boolean isNew(String path, long mtime, long threshold, Map<String, Long> paths) {
        return mtime >= threshold && !paths.containsKey(path);
    }

    /** What the seen files were when the view was taken. Immutable. */
    public final class View {
        private final long watermarkThen;
        private final Map<String, Long> pathsThen;

        private View(long watermarkThen, Map<String, Long> pathsThen) {
            this.watermarkThen = watermarkThen;
            this.pathsThen = pathsThen;
        }

        public boolean isNew(String path, long modificationTime) {
            return SeenFiles.isNew(path, modificationTime, threshold(watermarkThen), pathsThen);
        }
    }
}
