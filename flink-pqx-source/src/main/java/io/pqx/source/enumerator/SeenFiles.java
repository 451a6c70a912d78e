package io.pqx.source.enumerator;

import io.pqx.source.discovery.DiscoveredFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.Internal;

/**
 * Which files are already planned, in bounded state: a modification-time watermark (the newest
 * modification time of any planned file), a threshold below it, and the paths of the planned files
 * at or above the threshold.
 *
 * <p><b>The rule.</b> A listing is judged as a whole against the state as it stood before that
 * listing ({@link #judge}), and only then recorded ({@link #record}), which may raise the
 * watermark. A listed file is <em>fresh</em> (to be planned) when its path is not remembered and
 * its modification time is at least the threshold, {@code max(watermark - horizon, floor)}. So the
 * first listing of a source with no state plans everything it finds, however far apart the
 * modification times of its files, and within one listing the order of the files does not matter.
 * The threshold only rises, and a file remembered at one threshold is remembered at every earlier
 * one: a fresh file is planned exactly once.
 *
 * <p><b>Below the threshold.</b> A listed file below the threshold that is not remembered was
 * either planned and then forgotten, or has just appeared with an old modification time. The paths
 * of the previous listing's files below the threshold are kept in memory (not in the checkpointed
 * state) to tell the two apart: a file below the threshold that the previous listing did not have
 * is <em>late</em> ({@link ListingVerdict#late()}), and the caller reports it. After a restore
 * there is no previous listing: the first listing's files below the threshold are <em>taken as
 * read</em> ({@link ListingVerdict#takenAsRead()}), since a file planned before the checkpoint
 * cannot be told from one that appeared while the job was down.
 *
 * <p><b>The guarantee.</b> Every file is planned exactly once if, when it first appears in a
 * listing, its modification time is at least the threshold as it stood before that listing: no file
 * planned before was more than the horizon newer. Otherwise it is late and not planned. The
 * checkpointed size is the files within one horizon below the newest, whatever the number of files
 * ever seen; the in-memory record of old paths is the size of one listing.
 *
 * <p><b>Restores with another horizon.</b> The threshold at the checkpoint is checkpointed as the
 * floor of the threshold after a restore: a restore with a longer horizon never takes a forgotten
 * file for a fresh one (which would read it twice); a shorter one forgets more, which is safe.
 *
 * <p>Not thread-safe; {@link #view()} gives an immutable copy for the discovery thread.
 */
@Internal
public final class SeenFiles {
    private final long horizonMillis;
    private final Map<String, Long> paths = new HashMap<>();
    private long watermark = Long.MIN_VALUE;
    private long floor = Long.MIN_VALUE;

    /**
     * The paths of the last listing below the threshold (planned and forgotten, or reported as late
     * already); null after a restore, until the first listing is recorded.
     */
    private Set<String> listedBelow = new HashSet<>();

    private View view = new View(Long.MIN_VALUE, Map.of());

    public SeenFiles(long horizonMillis) {
        if (horizonMillis < 0) {
            throw new IllegalArgumentException(
                    "Cannot track seen files: negative horizon " + horizonMillis + " ms");
        }
        this.horizonMillis = horizonMillis;
    }

    /**
     * Restores a checkpointed watermark, floor and seen files (dropping those below the threshold).
     *
     * @param checkpointedFloor the threshold at the checkpoint, or {@link Long#MIN_VALUE} for a
     *     state that does not carry one (then {@code watermark - horizon}, with this horizon)
     */
    public void restore(long checkpointedWatermark, long checkpointedFloor, List<SeenFile> files) {
        watermark = checkpointedWatermark;
        floor =
                checkpointedFloor == Long.MIN_VALUE
                        ? minus(checkpointedWatermark, horizonMillis)
                        : checkpointedFloor;
        for (SeenFile f : files) {
            paths.put(f.path(), f.modificationTime());
        }
        prune();
        listedBelow = null;
        view = null;
    }

    /**
     * Judges a whole listing against the state as it is now; changes nothing. A path listed twice
     * is judged once.
     */
    public ListingVerdict judge(List<DiscoveredFile> listing) {
        long threshold = threshold();
        List<DiscoveredFile> fresh = new ArrayList<>();
        List<DiscoveredFile> late = new ArrayList<>();
        List<DiscoveredFile> takenAsRead = new ArrayList<>();
        Set<String> judged = new HashSet<>();
        for (DiscoveredFile f : listing) {
            if (!judged.add(f.path()) || paths.containsKey(f.path())) {
                continue;
            }
            if (f.modificationTime() >= threshold) {
                fresh.add(f);
            } else if (listedBelow == null) {
                takenAsRead.add(f);
            } else if (!listedBelow.contains(f.path())) {
                late.add(f);
            }
        }
        return new ListingVerdict(listing, fresh, late, takenAsRead, watermark, threshold);
    }

    /**
     * Records a judged listing: its fresh files as planned (the watermark may rise and files below
     * the new threshold are forgotten), and its files below the new threshold as listed.
     *
     * @throws IllegalStateException when the state changed since {@code verdict} was judged
     */
    public void record(ListingVerdict verdict) {
        if (verdict.watermarkBefore() != watermark || verdict.thresholdBefore() != threshold()) {
            throw new IllegalStateException(
                    "Cannot record a listing judged against watermark "
                            + verdict.watermarkBefore()
                            + ": the watermark is "
                            + watermark
                            + " now");
        }
        for (DiscoveredFile f : verdict.fresh()) {
            paths.put(f.path(), f.modificationTime());
            watermark = Math.max(watermark, f.modificationTime());
        }
        prune();
        long threshold = threshold();
        Set<String> below = new HashSet<>();
        for (DiscoveredFile f : verdict.listing()) {
            if (f.modificationTime() < threshold && !paths.containsKey(f.path())) {
                below.add(f.path());
            }
        }
        listedBelow = below;
        view = null;
    }

    /** Whether a file, listed now, would be fresh (tests; listings go through {@link #judge}). */
    public boolean isNew(String path, long modificationTime) {
        return isNew(path, modificationTime, threshold(), paths);
    }

    public long watermark() {
        return watermark;
    }

    /** The modification time below which a file not remembered is not planned. */
    public long threshold() {
        return Math.max(minus(watermark, horizonMillis), floor);
    }

    public int size() {
        return paths.size();
    }

    /**
     * Whether the files below the threshold of the last listing are known (false after a restore).
     */
    public boolean knowsLastListing() {
        return listedBelow != null;
    }

    /** The remembered files, sorted by path (the checkpointed form). */
    public List<SeenFile> snapshot() {
        List<SeenFile> files = new ArrayList<>(paths.size());
        paths.forEach((p, t) -> files.add(new SeenFile(p, t)));
        files.sort(Comparator.comparing(SeenFile::path));
        return files;
    }

    /** An immutable copy, for deciding on another thread which listed files may be fresh. */
    public View view() {
        if (view == null) {
            view = new View(threshold(), Map.copyOf(paths));
        }
        return view;
    }

    private void prune() {
        long threshold = threshold();
        paths.values().removeIf(t -> t < threshold);
    }

    private static long minus(long mark, long horizon) {
        return mark == Long.MIN_VALUE ? Long.MIN_VALUE : mark - horizon;
    }

    private static boolean isNew(String path, long mtime, long threshold, Map<String, Long> paths) {
        return mtime >= threshold && !paths.containsKey(path);
    }

    /**
     * What the seen files were when the view was taken. Immutable. A file fresh in a later {@link
     * #judge} is new in every earlier view, since the threshold only rises and a path is forgotten
     * only below it.
     */
    public static final class View {
        private final long thresholdThen;
        private final Map<String, Long> pathsThen;

        private View(long thresholdThen, Map<String, Long> pathsThen) {
            this.thresholdThen = thresholdThen;
            this.pathsThen = pathsThen;
        }

        public boolean isNew(String path, long modificationTime) {
            return SeenFiles.isNew(path, modificationTime, thresholdThen, pathsThen);
        }
    }

    /**
     * One listing judged as a whole against the state before it. Immutable.
     *
     * @param listing every file of the listing, in its order
     * @param fresh the files to plan, in listing order
     * @param late files below the threshold that the previous listing did not have: they appeared
     *     after a file more than the horizon newer was planned, and are not planned
     * @param takenAsRead files below the threshold in the first listing after a restore, taken as
     *     planned before the checkpoint (a file that appeared late while the job was down is among
     *     them, and cannot be told apart)
     * @param watermarkBefore the watermark the listing was judged against
     * @param thresholdBefore the threshold the listing was judged against
     */
    public record ListingVerdict(
            List<DiscoveredFile> listing,
            List<DiscoveredFile> fresh,
            List<DiscoveredFile> late,
            List<DiscoveredFile> takenAsRead,
            long watermarkBefore,
            long thresholdBefore) {
        public ListingVerdict {
            listing = List.copyOf(listing);
            fresh = List.copyOf(fresh);
            late = List.copyOf(late);
            takenAsRead = List.copyOf(takenAsRead);
        }
    }
}
