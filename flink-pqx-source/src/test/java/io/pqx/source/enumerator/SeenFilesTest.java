package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.source.discovery.DiscoveredFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SeenFilesTest {
    private static final long MINUTE = 60_000L;
    private static final long HOUR = 60 * MINUTE;

    private static DiscoveredFile f(String path, long mtime) {
        return new DiscoveredFile(path, 1, mtime, Map.of());
    }

    /** Judges and records one listing; returns its verdict. */
    private static SeenFiles.ListingVerdict list(SeenFiles seen, DiscoveredFile... files) {
        SeenFiles.ListingVerdict verdict = seen.judge(List.of(files));
        seen.record(verdict);
        return verdict;
    }

    private static List<String> paths(List<DiscoveredFile> files) {
        return files.stream().map(DiscoveredFile::path).toList();
    }

    @Test
    void aFileIsFreshOnceAndLateFilesWithinTheHorizonAreStillFresh() {
        SeenFiles seen = new SeenFiles(HOUR);
        assertThat(paths(list(seen, f("a", 10 * HOUR)).fresh())).containsExactly("a");
        assertThat(list(seen, f("a", 10 * HOUR)).fresh()).isEmpty();
        // appears late, 50 minutes older than the newest: still read
        SeenFiles.ListingVerdict v =
                list(seen, f("a", 10 * HOUR), f("late", 10 * HOUR - 50 * MINUTE));
        assertThat(paths(v.fresh())).containsExactly("late");
        assertThat(list(seen, f("a", 10 * HOUR), f("late", 10 * HOUR - 50 * MINUTE)).fresh())
                .isEmpty();
        // appears older than the horizon: late, reported, not planned
        v = list(seen, f("a", 10 * HOUR), f("ancient", 8 * HOUR));
        assertThat(v.fresh()).isEmpty();
        assertThat(paths(v.late())).containsExactly("ancient");
        assertThat(v.thresholdBefore()).isEqualTo(9 * HOUR);
        assertThat(v.watermarkBefore()).isEqualTo(10 * HOUR);
        // listed again: already reported, not reported twice
        v = list(seen, f("a", 10 * HOUR), f("ancient", 8 * HOUR));
        assertThat(v.late()).isEmpty();
        assertThat(seen.watermark()).isEqualTo(10 * HOUR);
    }

    @Test
    void theFirstListingPlansEveryFileWhateverTheOrderAndSpreadOfItsTimes() {
        // the files of partitions k=0..4, 200 files 3.6 s apart, spread round-robin over the
        // partitions: name order is not time order, and the times span 12 horizons of a minute
        SeenFiles seen = new SeenFiles(MINUTE);
        List<DiscoveredFile> listing = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            for (int i = k; i < 200; i += 5) {
                listing.add(f("k=" + k + "/part-" + i, 1_000_000L + i * 3_600L));
            }
        }
        SeenFiles.ListingVerdict v = seen.judge(listing);
        assertThat(v.fresh()).hasSize(200);
        assertThat(v.late()).isEmpty();
        seen.record(v);
        assertThat(seen.watermark()).isEqualTo(1_000_000L + 199 * 3_600L);
        // the next listing: nothing fresh, nothing late, however many files were forgotten
        SeenFiles.ListingVerdict next = seen.judge(listing);
        assertThat(next.fresh()).isEmpty();
        assertThat(next.late()).isEmpty();
        assertThat(next.takenAsRead()).isEmpty();
        assertThat(seen.size()).isLessThan(20);
    }

    @Test
    void aPathListedTwiceIsJudgedOnce() {
        SeenFiles seen = new SeenFiles(HOUR);
        SeenFiles.ListingVerdict v = seen.judge(List.of(f("a", 1), f("a", 1)));
        assertThat(v.fresh()).hasSize(1);
    }

    @Test
    void aVerdictIsRecordedOnlyAgainstTheStateItWasJudgedBy() {
        SeenFiles seen = new SeenFiles(HOUR);
        SeenFiles.ListingVerdict stale = seen.judge(List.of(f("a", HOUR)));
        list(seen, f("b", 5 * HOUR));
        assertThatThrownBy(() -> seen.record(stale)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theStateHoldsOnlyTheFilesOfOneHorizonHoweverManyWereSeen() {
        SeenFiles seen = new SeenFiles(HOUR);
        // a file every minute for 30 days, each listing holding the last 3 hours of files
        List<DiscoveredFile> all = new ArrayList<>();
        for (int i = 0; i < 30 * 24 * 60; i++) {
            all.add(f("f" + i, i * MINUTE));
            List<DiscoveredFile> listing = all.subList(Math.max(0, all.size() - 180), all.size());
            SeenFiles.ListingVerdict v = seen.judge(listing);
            assertThat(paths(v.fresh())).containsExactly("f" + i);
            assertThat(v.late()).isEmpty();
            seen.record(v);
            assertThat(seen.size()).isLessThanOrEqualTo(61);
        }
        assertThat(seen.size()).isEqualTo(61);
        // every file ever planned is still recognised as planned
        for (int i = 0; i < 30 * 24 * 60; i += 97) {
            assertThat(seen.isNew("f" + i, i * MINUTE)).as("f" + i).isFalse();
        }
    }

    @Test
    void viewsAndRestoresAgreeWithTheLiveState() {
        Random random = new Random(42);
        SeenFiles seen = new SeenFiles(HOUR);
        for (int i = 0; i < 500; i++) {
            long t = random.nextInt(100) * MINUTE + i * 10_000L;
            list(seen, f("p" + i, t));
        }
        SeenFiles.View view = seen.view();
        SeenFiles restored = new SeenFiles(HOUR);
        restored.restore(seen.watermark(), seen.threshold(), seen.snapshot());
        assertThat(restored.snapshot()).isEqualTo(seen.snapshot());
        assertThat(restored.threshold()).isEqualTo(seen.threshold());
        for (int i = 0; i < 600; i++) {
            long t = random.nextInt(200) * MINUTE;
            boolean live = seen.isNew("p" + (i % 550), t);
            assertThat(view.isNew("p" + (i % 550), t)).isEqualTo(live);
            assertThat(restored.isNew("p" + (i % 550), t)).isEqualTo(live);
        }
        // a restore with a shorter horizon forgets what lies below it
        SeenFiles shorter = new SeenFiles(0);
        shorter.restore(seen.watermark(), seen.threshold(), seen.snapshot());
        assertThat(shorter.snapshot())
                .allMatch((SeenFile f) -> f.modificationTime() >= seen.watermark());
    }

    @Test
    void aRestoreWithALongerHorizonDoesNotPlanForgottenFilesAgain() {
        SeenFiles seen = new SeenFiles(HOUR);
        list(seen, f("old", 0), f("new", 3 * HOUR));
        assertThat(seen.snapshot()).extracting(SeenFile::path).containsExactly("new");
        SeenFiles longer = new SeenFiles(10 * HOUR);
        longer.restore(seen.watermark(), seen.threshold(), seen.snapshot());
        SeenFiles.ListingVerdict v = longer.judge(List.of(f("old", 0), f("new", 3 * HOUR)));
        assertThat(v.fresh()).as("old was planned before the checkpoint").isEmpty();
        assertThat(paths(v.takenAsRead())).containsExactly("old");
        // a state of an earlier version carries no threshold: the restoring horizon gives it
        SeenFiles unknown = new SeenFiles(10 * HOUR);
        unknown.restore(seen.watermark(), Long.MIN_VALUE, seen.snapshot());
        assertThat(unknown.threshold()).isEqualTo(3 * HOUR - 10 * HOUR);
    }

    @Test
    void afterARestoreOldFilesAreTakenAsReadOnceThenNewOnesAreLate() {
        SeenFiles seen = new SeenFiles(HOUR);
        list(seen, f("a", 0), f("b", 5 * HOUR));
        SeenFiles restored = new SeenFiles(HOUR);
        restored.restore(seen.watermark(), seen.threshold(), seen.snapshot());
        assertThat(restored.knowsLastListing()).isFalse();
        SeenFiles.ListingVerdict v =
                restored.judge(List.of(f("a", 0), f("b", 5 * HOUR), f("down", HOUR)));
        assertThat(v.late()).isEmpty();
        assertThat(paths(v.takenAsRead())).containsExactly("a", "down");
        restored.record(v);
        assertThat(restored.knowsLastListing()).isTrue();
        v = restored.judge(List.of(f("a", 0), f("b", 5 * HOUR), f("down", HOUR), f("c", 2 * HOUR)));
        assertThat(v.takenAsRead()).isEmpty();
        assertThat(paths(v.late())).containsExactly("c");
    }

    /**
     * Random listings of files with random modification times and names (name order is not time
     * order), appearing and disappearing at random steps, judged against views of random age (a
     * listing may be planned before the previous one is merged), with checkpoints and restores at
     * random, some with a longer horizon. The invariant, in every timeline a restore leaves: a file
     * is planned at most once; it is planned exactly once unless, when it first appeared in that
     * timeline, a file planned before was more than one horizon newer, and then it was reported
     * (late, or taken as read at a restore).
     */
    @Test
    void randomListingsAndRestoresPlanEveryFileOnceOrReportIt() {
        for (int trial = 0; trial < 300; trial++) {
            long seed = 0x5eed0000L + trial;
            new Trial(new Random(seed), seed).run();
        }
    }

    /** One random run of the property test. */
    private static final class Trial {
        private final Random random;
        private final long seed;
        private final long horizon;
        private final List<DiscoveredFile> universe = new ArrayList<>();
        private final Map<String, Integer> appears = new HashMap<>();
        private final Map<String, Integer> disappears = new HashMap<>();

        Trial(Random random, long seed) {
            this.random = random;
            this.seed = seed;
            this.horizon = 1 + random.nextInt(300);
            int files = 1 + random.nextInt(120);
            int steps = 20;
            for (int i = 0; i < files; i++) {
                String path = "d" + random.nextInt(4) + "/" + Long.toHexString(random.nextLong());
                long mtime = random.nextInt(3_000);
                universe.add(f(path, mtime));
                // a third of the files are there from the first listing
                appears.put(path, random.nextInt(3) == 0 ? 0 : random.nextInt(steps));
                disappears.put(
                        path,
                        random.nextInt(8) == 0 ? random.nextInt(steps + 10) : Integer.MAX_VALUE);
            }
        }

        /** A completed checkpoint of the seen files, with the timeline it closes. */
        private record Checkpoint(
                long watermark, long threshold, List<SeenFile> files, Timeline timeline) {}

        /** What one timeline knows: planned counts, first appearances, files reported unread. */
        private static final class Timeline {
            final Map<String, Integer> planned = new HashMap<>();
            final Map<String, Long> firstSeenThreshold = new HashMap<>();
            final Map<String, Long> firstSeenWatermark = new HashMap<>();
            final Set<String> reportedAtFirstSight = new HashSet<>();

            Timeline copy() {
                Timeline t = new Timeline();
                t.planned.putAll(planned);
                t.firstSeenThreshold.putAll(firstSeenThreshold);
                t.firstSeenWatermark.putAll(firstSeenWatermark);
                t.reportedAtFirstSight.addAll(reportedAtFirstSight);
                return t;
            }
        }

        void run() {
            SeenFiles seen = new SeenFiles(horizon);
            Timeline timeline = new Timeline();
            List<SeenFiles.View> views = new ArrayList<>(List.of(seen.view()));
            // completed checkpoints, all retained: a restore may take an older one than the latest
            List<Checkpoint> checkpoints = new ArrayList<>();
            checkpoints.add(
                    new Checkpoint(
                            seen.watermark(), seen.threshold(), seen.snapshot(), timeline.copy()));
            for (int step = 0; step < 40; step++) {
                List<DiscoveredFile> listing = listing(step);
                // the view the discovery thread used: the newest, or one or two merges older
                SeenFiles.View view = views.get(Math.max(0, views.size() - 1 - random.nextInt(3)));
                Set<String> plannedByDiscovery = new HashSet<>();
                for (DiscoveredFile file : listing) {
                    if (view.isNew(file.path(), file.modificationTime())) {
                        plannedByDiscovery.add(file.path());
                    }
                }
                SeenFiles.ListingVerdict v = seen.judge(listing);
                for (DiscoveredFile file : v.fresh()) {
                    assertThat(plannedByDiscovery)
                            .as(
                                    "seed %d: a fresh file was planned by its"
                                            + " listing's discovery",
                                    seed)
                            .contains(file.path());
                    timeline.planned.merge(file.path(), 1, Integer::sum);
                }
                Set<String> reported = new HashSet<>(paths(v.late()));
                reported.addAll(paths(v.takenAsRead()));
                for (DiscoveredFile file : listing) {
                    if (!timeline.firstSeenThreshold.containsKey(file.path())) {
                        timeline.firstSeenThreshold.put(file.path(), v.thresholdBefore());
                        timeline.firstSeenWatermark.put(file.path(), v.watermarkBefore());
                        if (reported.contains(file.path())) {
                            timeline.reportedAtFirstSight.add(file.path());
                        }
                    }
                }
                seen.record(v);
                views.add(seen.view());
                int action = random.nextInt(6);
                if (action == 0) {
                    // a snapshot; a third of them never complete (a failure before the
                    // notification), so no restore can take them
                    Checkpoint taken =
                            new Checkpoint(
                                    seen.watermark(),
                                    seen.threshold(),
                                    seen.snapshot(),
                                    timeline.copy());
                    if (random.nextInt(3) != 0) {
                        checkpoints.add(taken);
                    }
                } else if (action == 1) {
                    // a failure: restore a completed checkpoint, usually the latest, sometimes an
                    // older retained one (the rows read since are rolled back), sometimes with a
                    // longer horizon than the checkpoint's
                    Checkpoint from =
                            random.nextInt(3) == 0
                                    ? checkpoints.get(random.nextInt(checkpoints.size()))
                                    : checkpoints.get(checkpoints.size() - 1);
                    seen =
                            new SeenFiles(
                                    horizon + (random.nextBoolean() ? 0 : random.nextInt(500)));
                    seen.restore(from.watermark(), from.threshold(), from.files());
                    timeline = from.timeline().copy();
                    views = new ArrayList<>(List.of(seen.view()));
                }
            }
            for (DiscoveredFile file : universe) {
                String path = file.path();
                int count = timeline.planned.getOrDefault(path, 0);
                assertThat(count)
                        .as("seed %d, %s: planned at most once", seed, path)
                        .isLessThanOrEqualTo(1);
                if (count == 0 && timeline.firstSeenThreshold.containsKey(path)) {
                    long watermark = timeline.firstSeenWatermark.get(path);
                    assertThat(
                                    watermark != Long.MIN_VALUE
                                            && file.modificationTime() < watermark - horizon)
                            .as(
                                    "seed %d, %s (mtime %d, horizon %d): not planned, so a file planned"
                                            + " before its first listing was more than a horizon newer (watermark %d)",
                                    seed, path, file.modificationTime(), horizon, watermark)
                            .isTrue();
                    assertThat(timeline.reportedAtFirstSight)
                            .as("seed %d, %s: reported", seed, path)
                            .contains(path);
                }
            }
        }

        /** The files listed at {@code step}, in name order (random with respect to time). */
        private List<DiscoveredFile> listing(int step) {
            List<DiscoveredFile> listing = new ArrayList<>();
            for (DiscoveredFile file : universe) {
                if (appears.get(file.path()) <= step && step < disappears.get(file.path())) {
                    listing.add(file);
                }
            }
            if (random.nextBoolean()) {
                listing.sort(Comparator.comparing(DiscoveredFile::path));
            } else {
                Collections.shuffle(listing, random);
            }
            return listing;
        }
    }
}
