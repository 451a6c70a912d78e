package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.TestingSourceFiles;
import io.pqx.source.eventtime.WatermarkColumn;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.types.logical.RowType;

/**
 * A job around the enumerator, run by hand: readers that read their splits one row group at a time
 * and checkpoint what is left of them, an exactly-once sink that commits each reader's output when
 * a checkpoint completes, checkpoints whose snapshot and completion are apart, and the failures of
 * Flink's source coordinator: a whole-job restore from the latest or an older completed checkpoint
 * (the enumerator from its serialized state, the readers' splits dealt over the same or another
 * parallelism), and a restore of one reader (its state from the latest completed checkpoint, the
 * splits assigned to it since given back to the enumerator). A row group stands for its rows: the
 * output is "file#rowGroup".
 *
 * <p>With a watermark column ({@code id}, each file's ids drawn at random, some files written
 * without statistics) every assignment is checked at its moment: no split still pending has an
 * earlier least event time to come (so assignments go in non-decreasing order but for the splits
 * given back and the files planned later, which take their place among the pending ones), and a
 * bounded source assigns nothing while files of its listing wait to be planned.
 *
 * <p>At every checkpoint of a bounded source that has listed its files, the checkpoint must account
 * for every row group exactly once: emitted before it, left in a reader's split, in a pending
 * split, or in an unplanned file. At the end every row group must be committed exactly once.
 */
final class FailoverSimulation implements AutoCloseable {
    static final long T0 = 1_700_000_000_000L;
    static final long MINUTE = 60_000L;

    private static final SimpleVersionedSerializer<PqxEnumeratorState> SERIALIZER =
            PqxEnumeratorState.serializer();

    /** A completed checkpoint: what a restore starts from, and what was committed with it. */
    record Checkpoint(
            long id,
            byte[] enumeratorState,
            Map<Integer, List<RowGroupSplit>> readerStates,
            List<String> committed) {
        PqxEnumeratorState state() {
            try {
                return SERIALIZER.deserialize(SERIALIZER.getVersion(), enumeratorState);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A checkpoint snapshotted and not completed yet. */
    private record Pending(
            Checkpoint checkpoint, Map<Integer, Integer> outputAtSnapshot, long snapshotSeq) {}

    /**
     * A split assigned since the readers' latest completed checkpoint, as Flink tracks it (the
     * object the enumerator passed), and whether the copy its reader got carried a footer tail.
     */
    private record Assigned(int reader, RowGroupSplit split, boolean sentTail, long snapshotSeq) {}

    private static final class Reader {
        final ArrayDeque<RowGroupSplit> splits = new ArrayDeque<>();

        /** Emitted since the latest completed checkpoint, not committed yet. */
        final List<String> out = new ArrayList<>();

        boolean noMore;

        /** How many of the context's assignments to this reader were taken. */
        int taken;
    }

    private final Path dir;
    private final Path templates;
    private EnumeratorSettings settings;
    private final Random random;
    private final Map<String, Integer> rowGroupsByName = new HashMap<>();

    /** The length and modification time of each file, as a reader checks them against a split. */
    private final Map<String, long[]> factsByName = new HashMap<>();

    private TestingEnumeratorContext ctx;
    private PqxSplitEnumerator enumerator;
    private final Map<Integer, Reader> readers = new TreeMap<>();
    private Map<Integer, List<RowGroupSplit>> baseline = Map.of();
    private final List<Assigned> uncheckpointed = new ArrayList<>();
    private final List<Pending> pending = new ArrayList<>();
    private final List<Checkpoint> completed = new ArrayList<>();
    private final List<String> committed = new ArrayList<>();
    private long nextCheckpointId = 1;
    private long snapshotSeq;
    private long clock = T0;
    private int fileCount;

    /** Counts of what happened, for the tests to check that the run did what it claims. */
    int globalRestores;

    int olderRestores;
    int rescales;
    int readerRestores;
    int checkpointsWithUnplannedFiles;
    int checkpointsWithPendingSplits;
    int restoresWithOtherSettings;
    int assignmentsWithEventTimes;
    int assignmentsWithoutEventTimes;

    /** Assignments whose least event time lies below the one assigned before (given back, late). */
    int assignmentsBelowTheOneBefore;

    /** The order key of the split assigned last in this attempt. */
    private long lastAssignedKey;

    /** Splits that reached their reader with a footer tail, and tails the readers opened from. */
    int tailsReceived;

    int tailsOpened;

    /** Splits given back by a failed reader that had reached it with a footer tail. */
    int givenBackAfterATail;

    FailoverSimulation(Path dir, Path templates, EnumeratorSettings settings, Random random)
            throws IOException {
        this.dir = dir;
        this.templates = templates;
        this.settings = settings;
        this.random = random;
        writeTemplates(templates);
    }

    /**
     * Writes the files the simulation copies, {@code t1.parquet} to {@code t3.parquet} (1 to 3 row
     * groups), into {@code templates} unless they are there.
     */
    static void writeTemplates(Path templates) throws IOException {
        for (int groups = 1; groups <= 3; groups++) {
            Path template = templates.resolve("t" + groups + ".parquet");
            if (!Files.exists(template)) {
                TestingSourceFiles.writeOrders(template, 0, 10L * groups, 10);
            }
        }
    }

    /** Settings over {@code dir}: continuous when {@code intervalMillis > 0}. */
    static EnumeratorSettings settings(
            Path dir,
            long intervalMillis,
            long horizonMillis,
            long splitTargetBytes,
            int batchFiles,
            int maxPendingSplits) {
        return settings(
                dir,
                intervalMillis,
                horizonMillis,
                splitTargetBytes,
                batchFiles,
                maxPendingSplits,
                false);
    }

    /** As above, in event-time order of the files' {@code id} column when {@code eventTimes}. */
    static EnumeratorSettings settings(
            Path dir,
            long intervalMillis,
            long horizonMillis,
            long splitTargetBytes,
            int batchFiles,
            int maxPendingSplits,
            boolean eventTimes) {
        return settings(
                dir.toUri().toString(),
                intervalMillis,
                horizonMillis,
                splitTargetBytes,
                batchFiles,
                maxPendingSplits,
                EnumeratorSettings.Planning.DEFAULT_FOOTER_TAILS_HELD_BYTES,
                eventTimes);
    }

    /**
     * Settings over {@code root} (the simulation's directory, maybe through another file system),
     * holding at most {@code footerTailsHeldBytes} of footer tails.
     */
    static EnumeratorSettings settings(
            String root,
            long intervalMillis,
            long horizonMillis,
            long splitTargetBytes,
            int batchFiles,
            int maxPendingSplits,
            long footerTailsHeldBytes) {
        return settings(
                root,
                intervalMillis,
                horizonMillis,
                splitTargetBytes,
                batchFiles,
                maxPendingSplits,
                footerTailsHeldBytes,
                false);
    }

    private static EnumeratorSettings settings(
            String root,
            long intervalMillis,
            long horizonMillis,
            long splitTargetBytes,
            int batchFiles,
            int maxPendingSplits,
            long footerTailsHeldBytes,
            boolean eventTimes) {
        return new EnumeratorSettings(
                EnumeratorSettings.Files.of(List.of(root)),
                new EnumeratorSettings.Discovery(intervalMillis, horizonMillis, false),
                new EnumeratorSettings.Planning(
                        splitTargetBytes,
                        2,
                        16,
                        batchFiles,
                        maxPendingSplits,
                        EnumeratorSettings.Planning.DEFAULT_FOOTER_TAIL_MAX_BYTES,
                        footerTailsHeldBytes),
                EnumeratorSettings.Filtering.none(new RowType(List.of())),
                eventTimes ? ID : null);
    }

    /** The watermark column of the event-time runs: the orders' id as epoch milliseconds. */
    private static final WatermarkColumn ID =
            WatermarkColumn.of(TestingSourceFiles.ORDERS, "id", null);

    // ---------------------------------------------------------------- files

    /** Adds a file of 1 to 3 row groups with this modification time; returns its name. */
    String addFile(long modificationTime) {
        int groups = 1 + random.nextInt(3);
        String name = String.format("part-%04d-%08x.parquet", fileCount++, random.nextInt());
        try {
            Path p = dir.resolve(name);
            if (settings.watermarkColumn() != null) {
                // ids (event times) of its own, ties with other files likely; some without stats
                long from = 10L * random.nextInt(40);
                TestingEventFiles.write(
                        p,
                        TestingSourceFiles.ORDERS,
                        TestingSourceFiles.orders(from, from + 10L * groups),
                        10,
                        random.nextInt(6) != 0);
            } else {
                Files.copy(templates.resolve("t" + groups + ".parquet"), p);
            }
            Files.setLastModifiedTime(p, FileTime.fromMillis(modificationTime));
            factsByName.put(name, new long[] {Files.size(p), modificationTime});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        rowGroupsByName.put(name, groups);
        return name;
    }

    /** Adds a file modified now, and moves the clock on by up to {@code maxStepMillis}. */
    String addFileNow(long maxStepMillis) {
        String name = addFile(clock);
        clock += 1 + (long) (random.nextDouble() * maxStepMillis);
        return name;
    }

    void setClock(long millis) {
        clock = millis;
    }

    int files() {
        return rowGroupsByName.size();
    }

    // ---------------------------------------------------------------- job

    /** Starts the first attempt, without state. */
    void start(int parallelism) {
        startAttempt(parallelism, null, Map.of());
    }

    private void startAttempt(
            int parallelism,
            PqxEnumeratorState state,
            Map<Integer, List<RowGroupSplit>> readerStates) {
        if (enumerator != null) {
            try {
                enumerator.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        ctx = new TestingEnumeratorContext(parallelism);
        lastAssignedKey = Long.MIN_VALUE;
        if (settings.watermarkColumn() != null) {
            ctx.onAssign = this::checkAssignedInOrder;
        }
        enumerator = new PqxSplitEnumerator(ctx, settings, state);
        enumerator.start();
        readers.clear();
        uncheckpointed.clear();
        pending.clear();
        baseline = readerStates;
        for (int r = 0; r < parallelism; r++) {
            Reader reader = new Reader();
            reader.splits.addAll(readerStates.getOrDefault(r, List.of()));
            readers.put(r, reader);
            ctx.registerReader(r);
            enumerator.addReader(r);
        }
        for (int r = 0; r < parallelism; r++) {
            if (readers.get(r).splits.isEmpty()) {
                request(r); // the reader's start()
            }
        }
    }

    int parallelism() {
        return readers.size();
    }

    PqxSplitEnumerator enumerator() {
        return enumerator;
    }

    /** Takes the splits and end signals the enumerator gave since the last look. */
    private void sync() {
        readers.forEach(
                (r, reader) -> {
                    List<RowGroupSplit> got = ctx.assigned.getOrDefault(r, List.of());
                    List<RowGroupSplit> passed = ctx.assignedAsPassed.getOrDefault(r, List.of());
                    for (int i = reader.taken; i < got.size(); i++) {
                        boolean tail = got.get(i).footerTail().isPresent();
                        if (tail) {
                            tailsReceived++;
                        }
                        reader.splits.add(got.get(i));
                        uncheckpointed.add(new Assigned(r, passed.get(i), tail, snapshotSeq));
                    }
                    reader.taken = got.size();
                    if (ctx.noMoreSplits.contains(r)) {
                        reader.noMore = true;
                    }
                });
    }

    private void request(int reader) {
        enumerator.handleSplitRequest(reader, null);
        sync();
    }

    /** The worker thread's work and its handlers, once (planning batches, a listing). */
    void runAsync() {
        ctx.runAsync();
        sync();
    }

    /**
     * The worker thread's work, then {@code between} on the coordinator thread, then the work's
     * handlers (a checkpoint taken while a batch is planned, say).
     */
    void runAsync(Runnable between) {
        ctx.runAsync(
                () -> {
                    between.run();
                    sync();
                });
        sync();
    }

    /**
     * The worker thread's work twice (a listing runs again before the last one's outcome was
     * merged, so against the seen files before it), then {@code between}, then both handlers in
     * order.
     */
    void runAsyncOverlapping(Runnable between) {
        List<Runnable> first = ctx.runWorkOnly();
        List<Runnable> second = ctx.runWorkOnly();
        first.forEach(Runnable::run);
        sync();
        between.run();
        sync();
        second.forEach(Runnable::run);
        sync();
    }

    /** Reader {@code r} emits one row group; asks for a split when it has finished one. */
    boolean read(int r) {
        Reader reader = readers.get(r);
        RowGroupSplit split = reader.splits.pollFirst();
        if (split == null) {
            return false;
        }
        // as pqx's reader does: a split whose file has changed since planning is refused
        long[] facts = factsByName.get(name(split.path()));
        assertThat(new long[] {split.fileLength(), split.modificationTime()})
                .as("length and modification time of %s", split)
                .containsExactly(facts);
        // as pqx's reader does when it opens the file: the tail is taken off the split
        split.takeFooterTail()
                .ifPresent(
                        tail -> {
                            assertThat(tail.fileLength())
                                    .as("the file length the tail of %s ends at", split)
                                    .isEqualTo(facts[0]);
                            tailsOpened++;
                        });
        int group = split.nextRowGroup();
        reader.out.add(unit(split.path(), group));
        if (group < split.lastRowGroup()) {
            reader.splits.addFirst(split.at(group + 1, 0));
        } else if (reader.splits.isEmpty()) {
            request(r); // onSplitFinished
        }
        return true;
    }

    /** Snapshots a checkpoint (enumerator first, then the readers, as Flink does). */
    long checkpoint() {
        long id = nextCheckpointId++;
        snapshotSeq++;
        PqxEnumeratorState state = enumerator.snapshotState(id);
        byte[] bytes;
        try {
            bytes = SERIALIZER.serialize(state);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Checkpoint written = new Checkpoint(id, bytes, Map.of(), null);
        assertThat(written.state().pendingSplits())
                .as("checkpoint %d: pending splits in the enumerator's state", id)
                .allSatisfy(s -> assertThat(s.footerTail()).as("footer tail of %s", s).isEmpty());
        Map<Integer, List<RowGroupSplit>> readerStates = new TreeMap<>();
        Map<Integer, Integer> outputAt = new HashMap<>();
        readers.forEach(
                (r, reader) -> {
                    readerStates.put(r, readerCheckpoint(id, r, reader.splits));
                    outputAt.put(r, reader.out.size());
                });
        if (!state.unplannedFiles().isEmpty()) {
            checkpointsWithUnplannedFiles++;
        }
        if (!state.pendingSplits().isEmpty()) {
            checkpointsWithPendingSplits++;
        }
        checkAccountedFor(id, state, readerStates);
        pending.add(
                new Pending(new Checkpoint(id, bytes, readerStates, null), outputAt, snapshotSeq));
        return id;
    }

    /**
     * A reader's splits as its checkpoint holds them: each at its position (pqx's reader's {@code
     * toSplitType}), written and read back by the split serializer; none may carry a footer tail.
     */
    private static List<RowGroupSplit> readerCheckpoint(
            long id, int reader, Iterable<RowGroupSplit> splits) {
        SimpleVersionedSerializer<RowGroupSplit> serializer = RowGroupSplit.serializer();
        List<RowGroupSplit> out = new ArrayList<>();
        for (RowGroupSplit s : splits) {
            RowGroupSplit checkpointed;
            try {
                checkpointed =
                        serializer.deserialize(
                                serializer.getVersion(),
                                serializer.serialize(s.at(s.nextRowGroup(), s.nextRow())));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            assertThat(checkpointed.footerTail())
                    .as("checkpoint %d of reader %d: footer tail of %s", id, reader, s)
                    .isEmpty();
            out.add(checkpointed);
        }
        return out;
    }

    /**
     * The enumerator holds footer tail bytes exactly for the footer tails on its pending splits:
     * none for splits sent, given back or dropped. Holds between steps (not while a planned batch
     * waits to be merged).
     */
    void assertTailsHeldAreThoseOfPendingSplits(String when) {
        long onPending = 0;
        for (RowGroupSplit s : enumerator.snapshotState(Long.MAX_VALUE).pendingSplits()) {
            onPending += s.footerTail().map(t -> (long) t.length()).orElse(0L);
        }
        assertThat(enumerator.footerTails().heldBytes())
                .as("%s: footer tail bytes held, against those on pending splits", when)
                .isEqualTo(onPending);
    }

    /** Completes the pending checkpoint {@code id}: the sink commits the output before it. */
    void complete(long id) {
        Pending done = null;
        for (Pending p : pending) {
            if (p.checkpoint().id() == id) {
                done = p;
            }
        }
        if (done == null) {
            throw new IllegalStateException("checkpoint " + id + " is not pending");
        }
        for (Map.Entry<Integer, Reader> e : readers.entrySet()) {
            int n = done.outputAtSnapshot().get(e.getKey());
            List<String> out = e.getValue().out;
            committed.addAll(out.subList(0, n));
            out.subList(0, n).clear();
            for (Pending later : pending) {
                later.outputAtSnapshot().computeIfPresent(e.getKey(), (k, v) -> v - n);
            }
        }
        long seq = done.snapshotSeq();
        pending.removeIf(p -> p.checkpoint().id() <= id); // the earlier ones are subsumed
        uncheckpointed.removeIf(a -> a.snapshotSeq() < seq);
        Checkpoint c = done.checkpoint();
        completed.add(
                new Checkpoint(
                        c.id(), c.enumeratorState(), c.readerStates(), List.copyOf(committed)));
        baseline = c.readerStates();
    }

    /** Completes the latest pending checkpoint, if any. */
    void completeLatest() {
        if (!pending.isEmpty()) {
            complete(pending.get(pending.size() - 1).checkpoint().id());
        }
    }

    /** The enumerator state of checkpoint {@code id}, pending or completed. */
    PqxEnumeratorState completedOrPendingState(long id) {
        for (Pending p : pending) {
            if (p.checkpoint().id() == id) {
                return p.checkpoint().state();
            }
        }
        for (Checkpoint c : completed) {
            if (c.id() == id) {
                return c.state();
            }
        }
        throw new IllegalStateException("no checkpoint " + id);
    }

    List<Checkpoint> completedCheckpoints() {
        return Collections.unmodifiableList(completed);
    }

    /**
     * The whole job fails and restarts from completed checkpoint {@code from} (null: without state)
     * with {@code parallelism} readers; what was committed after it is rolled back with it (the
     * world as it stood at that checkpoint).
     */
    void restoreJob(Checkpoint from, int parallelism) {
        globalRestores++;
        if (from != null && from != completed.get(completed.size() - 1)) {
            olderRestores++;
        }
        if (parallelism != readers.size()) {
            rescales++;
        }
        committed.clear();
        Map<Integer, List<RowGroupSplit>> shares = new TreeMap<>();
        PqxEnumeratorState state = null;
        if (from != null) {
            committed.addAll(from.committed());
            completed.removeIf(c -> c.id() > from.id());
            state = from.state();
            // Flink deals the readers' split states out again, round robin
            List<RowGroupSplit> all = new ArrayList<>();
            from.readerStates().values().forEach(all::addAll);
            for (int i = 0; i < all.size(); i++) {
                shares.computeIfAbsent(i % parallelism, k -> new ArrayList<>()).add(all.get(i));
            }
        } else {
            completed.clear();
        }
        startAttempt(parallelism, state, shares);
    }

    /**
     * The settings of the attempts after the next whole-job restore: another planning batch and
     * pending bound, and another discovery horizon (a job restarted with other options).
     */
    void changeSettings(int batchFiles, int maxPendingSplits, long horizonMillis) {
        restoresWithOtherSettings++;
        settings =
                new EnumeratorSettings(
                        settings.files(),
                        new EnumeratorSettings.Discovery(
                                settings.discovery().monitorIntervalMillis(),
                                horizonMillis,
                                settings.discovery().failOnLateFiles()),
                        new EnumeratorSettings.Planning(
                                settings.planning().splitTargetBytes(),
                                settings.planning().footerThreads(),
                                settings.planning().footerCacheSize(),
                                batchFiles,
                                maxPendingSplits,
                                settings.planning().footerTailMaxBytes(),
                                settings.planning().footerTailsHeldBytes()),
                        settings.filtering(),
                        settings.watermarkColumn());
    }

    /** The whole job restarts from the latest completed checkpoint (Flink's failover). */
    void restoreJobFromLatest(int parallelism) {
        restoreJob(completed.isEmpty() ? null : completed.get(completed.size() - 1), parallelism);
    }

    /**
     * Reader {@code r} fails and restarts alone: its state from the latest completed checkpoint,
     * the splits assigned to it since given back to the enumerator (Flink's subtask reset). Pending
     * checkpoints are aborted. Returns false for a reader that has finished (it does not fail).
     */
    boolean restoreReader(int r) {
        Reader reader = readers.get(r);
        if (reader.noMore && reader.splits.isEmpty()) {
            return false;
        }
        readerRestores++;
        pending.clear();
        reader.out.clear();
        List<RowGroupSplit> back = new ArrayList<>();
        for (Iterator<Assigned> it = uncheckpointed.iterator(); it.hasNext(); ) {
            Assigned a = it.next();
            if (a.reader() == r) {
                back.add(a.split());
                if (a.sentTail()) {
                    givenBackAfterATail++;
                }
                it.remove();
            }
        }
        ctx.unregisterReader(r);
        enumerator.addSplitsBack(back, r);
        sync();
        ctx.noMoreSplits.remove(r);
        reader.noMore = false;
        reader.splits.clear();
        reader.splits.addAll(baseline.getOrDefault(r, List.of()));
        ctx.registerReader(r);
        enumerator.addReader(r);
        if (reader.splits.isEmpty()) {
            request(r);
        }
        return true;
    }

    /** One random step of a running job (no whole-job failure). */
    void randomStep(boolean continuous) {
        int p = readers.size();
        int dice = random.nextInt(100);
        if (dice < 45) {
            read(random.nextInt(p));
        } else if (dice < 60) {
            runAsync();
        } else if (dice < 67) {
            // a checkpoint, and readers reading, between a batch's footers and its merge
            runAsync(
                    () -> {
                        checkpoint();
                        for (int i = random.nextInt(4); i > 0; i--) {
                            read(random.nextInt(p));
                        }
                    });
        } else if (dice < 70) {
            runAsyncOverlapping(
                    () -> {
                        if (random.nextBoolean()) {
                            checkpoint();
                        }
                        read(random.nextInt(p));
                    });
        } else if (dice < 77) {
            checkpoint();
        } else if (dice < 86) {
            if (!pending.isEmpty()) {
                complete(pending.get(random.nextInt(pending.size())).checkpoint().id());
            }
        } else if (dice < 90) {
            restoreReader(random.nextInt(p));
        } else if (continuous && dice < 97) {
            if (random.nextInt(4) == 0) {
                // late, within the horizon
                addFile(clock - (long) (random.nextDouble() * 3 * MINUTE));
            } else {
                addFileNow(MINUTE);
            }
        } else {
            request(random.nextInt(p)); // an extra request (a reader that asks twice)
        }
    }

    /**
     * A whole-job failure: from the latest (or, one time in three, an older) checkpoint, with the
     * parallelism changed one time in two and the settings one time in three.
     */
    void randomJobFailure(int maxParallelism) {
        if (random.nextInt(3) == 0) {
            // late files come at most 3 minutes late: every horizon here still reads them
            changeSettings(
                    1 + random.nextInt(3),
                    1 + random.nextInt(4),
                    new long[] {5 * MINUTE, 10 * MINUTE, 20 * MINUTE}[random.nextInt(3)]);
        }
        int parallelism =
                random.nextBoolean() ? readers.size() : 1 + random.nextInt(maxParallelism);
        if (completed.size() > 1 && random.nextInt(3) == 0) {
            restoreJob(completed.get(random.nextInt(completed.size() - 1)), parallelism);
        } else {
            restoreJobFromLatest(parallelism);
        }
    }

    /**
     * Runs the job to its end with no more failures: every file planned, every split read, the last
     * output committed (the final checkpoint of a bounded source; one more checkpoint of a
     * continuous one, after listings that find nothing new).
     */
    void finish(boolean continuous) {
        for (int round = 0; round < 10_000; round++) {
            runAsync();
            boolean progress = false;
            for (int r : List.copyOf(readers.keySet())) {
                while (read(r)) {
                    progress = true;
                }
            }
            for (int r : List.copyOf(readers.keySet())) {
                Reader reader = readers.get(r);
                if (reader.splits.isEmpty() && !reader.noMore) {
                    request(r);
                }
            }
            boolean idle = readers.values().stream().allMatch(x -> x.splits.isEmpty());
            PqxEnumeratorState state = enumerator.snapshotState(Long.MAX_VALUE);
            boolean drained =
                    idle
                            && state.pendingSplits().isEmpty()
                            && state.unplannedFiles().isEmpty()
                            && !ctx.hasOneShotCalls();
            if (!continuous && readers.values().stream().allMatch(x -> x.noMore) && idle) {
                assertThat(drained).as("every reader was told there are no more splits").isTrue();
                complete(checkpoint());
                return;
            }
            if (continuous && drained && !progress && round > 3) {
                complete(checkpoint());
                return;
            }
        }
        throw new AssertionError("the job did not finish");
    }

    // ---------------------------------------------------------------- checks

    /**
     * At the moment {@code split} is assigned: no pending split has an earlier least event time to
     * come, and a bounded source has planned its whole listing.
     */
    private void checkAssignedInOrder(RowGroupSplit split) {
        PqxEnumeratorState state = enumerator.snapshotState(Long.MAX_VALUE);
        long key = TestingEventFiles.key(split);
        for (RowGroupSplit p : state.pendingSplits()) {
            assertThat(TestingEventFiles.key(p))
                    .as("%s is assigned while %s is pending", split, p)
                    .isGreaterThanOrEqualTo(key);
        }
        if (!settings.continuous()) {
            assertThat(state.initialDiscoveryDone() && state.unplannedFiles().isEmpty())
                    .as("%s assigned before the listing was planned", split)
                    .isTrue();
        }
        if (split.eventTimes().isPresent()) {
            assignmentsWithEventTimes++;
        } else {
            assignmentsWithoutEventTimes++;
        }
        if (key < lastAssignedKey) {
            assignmentsBelowTheOneBefore++;
        }
        lastAssignedKey = key;
    }

    private static String unit(String path, int group) {
        return name(path) + "#" + group;
    }

    private static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** Every row group of every file added, in name order. */
    List<String> expected() {
        List<String> all = new ArrayList<>();
        new TreeMap<>(rowGroupsByName)
                .forEach(
                        (n, groups) -> {
                            for (int g = 0; g < groups; g++) {
                                all.add(n + "#" + g);
                            }
                        });
        return all;
    }

    List<String> committed() {
        return Collections.unmodifiableList(committed);
    }

    /** Asserts that every row group of every file was committed exactly once. */
    void assertEveryRowGroupCommittedOnce(String description) {
        Map<String, Integer> counts = new TreeMap<>();
        committed.forEach(u -> counts.merge(u, 1, Integer::sum));
        List<String> twice = new ArrayList<>();
        counts.forEach(
                (u, n) -> {
                    if (n > 1) {
                        twice.add(u + " x" + n);
                    }
                });
        List<String> missing = new ArrayList<>(expected());
        missing.removeAll(counts.keySet());
        assertThat(twice).as(description + ": row groups committed more than once").isEmpty();
        assertThat(missing).as(description + ": row groups never committed").isEmpty();
        assertThat(counts.keySet()).as(description).containsExactlyElementsOf(expected());
    }

    /**
     * A checkpoint of a bounded source that has listed its files accounts for every row group once:
     * emitted before it, left in a reader's split, pending, or in an unplanned file.
     */
    private void checkAccountedFor(
            long id, PqxEnumeratorState state, Map<Integer, List<RowGroupSplit>> readerStates) {
        Map<String, List<String>> where = new TreeMap<>();
        committed.forEach(u -> where.computeIfAbsent(u, k -> new ArrayList<>()).add("committed"));
        readers.forEach(
                (r, reader) ->
                        reader.out.forEach(
                                u ->
                                        where.computeIfAbsent(u, k -> new ArrayList<>())
                                                .add("emitted by " + r)));
        readerStates.forEach(
                (r, splits) -> splits.forEach(s -> left(s, "state of reader " + r, where)));
        state.pendingSplits().forEach(s -> left(s, "pending", where));
        for (UnplannedFile f : state.unplannedFiles()) {
            int groups = rowGroupsByName.get(name(f.path()));
            for (int g = 0; g < groups; g++) {
                where.computeIfAbsent(unit(f.path(), g), k -> new ArrayList<>()).add("unplanned");
            }
        }
        Map<String, List<String>> twice = new LinkedHashMap<>();
        where.forEach(
                (u, places) -> {
                    if (places.size() > 1) {
                        twice.put(u, places);
                    }
                });
        assertThat(twice).as("checkpoint %d: row groups accounted for twice", id).isEmpty();
        if (!settings.continuous() && state.initialDiscoveryDone()) {
            List<String> missing = new ArrayList<>(expected());
            missing.removeAll(where.keySet());
            assertThat(missing).as("checkpoint %d: row groups lost", id).isEmpty();
        }
    }

    private static void left(RowGroupSplit s, String place, Map<String, List<String>> where) {
        for (int g = s.nextRowGroup(); g <= s.lastRowGroup(); g++) {
            where.computeIfAbsent(unit(s.path(), g), k -> new ArrayList<>()).add(place);
        }
    }

    @Override
    public void close() throws IOException {
        if (enumerator != null) {
            enumerator.close();
        }
    }
}
