package io.pqx.source.reader;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetFooter;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetScan;
import io.pqx.format.ParquetTail;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.io.CountingInputFile;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.ReadAheadInputFile;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.format.prune.RowSelection;
import io.pqx.source.crypto.Decryptions;
import io.pqx.source.pruning.FooterCache;
import io.pqx.source.pruning.PredicatePruning;
import io.pqx.source.pruning.PruningMetrics;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.annotation.Nullable;
import org.apache.flink.connector.base.source.reader.RecordsBySplits;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads splits one after another on the fetcher thread: opens the split's file at the length it was
 * planned with (no status request: on an object store that is a round trip), refuses it when it is
 * no longer the file that was planned (a length changed since shows when its footer is read at the
 * planned length: the file's status is asked only then, to say so), maps its schema to the
 * requested one ({@link FileReadPlan}), then decodes row group after row group from the split's
 * position (the first row group from its next row, through a {@link RowSelection}) and hands out
 * one batch per fetch, each row with the position the format gives it ({@link
 * ParquetBatch#rowPosition}). Before touching the batch iterator again it waits until the previous
 * batch was emitted ({@link BatchGate}), or, decoding ahead into the format's two alternating
 * buffers, until the batch before the previous one was. A decoding error fails the fetch with the
 * format's exception, which names file, row group and column.
 *
 * <p>Footers: the reader keeps the footers of the files it opened ({@link FooterCache}, keyed by
 * path, length and modification time as planned), so the next split of a file it read before opens
 * with no footer read; a footer is used only for a split planned with the length and modification
 * time the footer was read under (a file rewritten before its split was planned carries a new
 * modification time, and gets its footer read afresh). A file rewritten in place with the same
 * length after its split was planned is not detected before its pages are read. A split that
 * carries its file's footer tail (the enumerator's footer read, see {@link
 * RowGroupSplit#footerTail()}) opens from it when no footer is cached: no footer request, and the
 * page indexes and bloom filters the tail holds are read from it too ({@code pqxFootersFromSplit});
 * the tail is read under the same checks as a footer from the file, and one that fails them is
 * counted ({@code pqxFooterTailsRefused}), logged, and the footer read from the file as without a
 * tail.
 *
 * <p>Predicate: a row group not known to match fully is read by the format's filtered scan ({@link
 * ParquetScan}, over {@link ParquetReader#scanRowGroup}) with the predicate as its row filter
 * ({@link PredicateRowFilter}: SQL three-valued logic, TRUE rows only, with the runtime-filter
 * values known when the row is decided): late-materializing, the predicate's columns are decoded
 * first and the emitted ones only for the rows it keeps. Rows of the split's ALL_MATCH row groups
 * are read and emitted without it.
 *
 * <p>Read-ahead: on a distributed file system, with {@code source.reader.read-ahead.bytes} above 0,
 * the file is read through a {@link ReadAheadInputFile} told which row groups the split reads in
 * full: while one is decoded the next is fetched in the background. A row group read filtered and
 * in part (its page indexes proved at least half of its rows empty) has the selected pages of all
 * its decoded columns (unless an emitted column's pages are finer than the filter's, {@link
 * SelectedPageSpans}) fetched in one wave when its first page is asked for ({@link
 * ReadAheadInputFile#readTogether}): late materialization's second step, the emitted columns' pages
 * for the rows kept, is then served from memory instead of costing a second round trip. It serves
 * the same bytes, so the rows and their positions are those read without it; closing the split
 * closes it (waiting for a fetch under way).
 */
final class PqxSplitReader implements SplitReader<RowAtPosition, RowGroupSplit> {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSplitReader.class);
    private final ReaderSettings settings;
    private final ReadOptions readOptions;
    private final Set<String> partitionKeys;
    private final WaitingSplits queue = new WaitingSplits();
    private final int inFlight;
    private final BatchGate gate;
    private final FooterCache<ParquetFooter> footers;
    private final ReaderMetrics metrics;
    private final LiveSlots slots;
    private long footersRead;

    /** The columns each file is read as: the emitted ones, then the watermark column if not. */
    private final RowType planType;

    /** Where the watermark column is in {@link #planType}, or -1 without one. */
    private final int eventTimeIndex;

    @Nullable private final RowEventTime eventTime;

    /** The position after the last row handed over from the open split. */
    private int handedRowGroup;

    private long handedRow;

    @Nullable private RowGroupSplit split;
    @Nullable private ParquetReader reader;
    @Nullable private FileReadPlan plan;
    @Nullable private BatchIterator batches;
    @Nullable private PredicateRowFilter rowFilter; // the open file's, with a predicate
    @Nullable private RowGroupPruning pruning; // the open file's, with a predicate it can check
    @Nullable private ReadAheadInputFile readAhead; // the open file's, when it reads ahead
    @Nullable private final PredicatePruning predicatePruning;
    private boolean unfiltered; // whether the open row group is read without the row filter
    private final AtomicLong handedOver; // rows handed over to the reader, for the limit

    PqxSplitReader(ReaderSettings settings) {
        this(settings, ReaderMetrics.unregistered(), new LiveSlots());
    }

    PqxSplitReader(ReaderSettings settings, ReaderMetrics metrics, LiveSlots slots) {
        this(settings, metrics, slots, new AtomicLong());
    }

    /**
     * @param handedOver the rows handed over by this reader's split readers so far (the limit's)
     */
    PqxSplitReader(
            ReaderSettings settings,
            ReaderMetrics metrics,
            LiveSlots slots,
            AtomicLong handedOver) {
        this.handedOver = handedOver;
        this.settings = settings;
        this.metrics = metrics;
        this.slots = slots;
        this.predicatePruning =
                settings.rows().predicate() == null
                        ? null
                        : new PredicatePruning(
                                settings.rows().predicate(),
                                settings.rows().readType(),
                                settings.rows().partitionKeys(),
                                settings.rows().inListCap(),
                                PruningMetrics.unregistered());
        this.inFlight = settings.decoding().decodeAhead() ? 2 : 1;
        this.gate = new BatchGate(inFlight);
        this.readOptions =
                Decryptions.with(
                                ReadOptions.builder()
                                        .batchSize(settings.decoding().batchSize())
                                        .verifyChecksums(settings.decoding().verifyChecksums())
                                        .alternatingBatches(settings.decoding().decodeAhead())
                                        .lateMaterialization(
                                                settings.decoding().lateMaterialization()),
                                settings.decryption())
                        .build();
        this.partitionKeys = new HashSet<>(settings.rows().partitionKeys());
        this.footers = new FooterCache<>(settings.decoding().footerCacheSize());
        EventTimePlan times = EventTimePlan.of(settings);
        this.planType = times.planType();
        this.eventTimeIndex = times.index();
        this.eventTime = times.eventTime();
    }

    @Override
    public RecordsWithSplitIds<RowAtPosition> fetch() throws IOException {
        if (!gate.awaitFree()) {
            return empty();
        }
        if (handedOver.get() >= settings.limit()) {
            return finishUnread();
        }
        if (split != null && queue.isPaused(split.splitId())) {
            if (queue.firstUnpaused() == null) {
                return awaitResumed();
            }
            suspend();
        }
        if (split == null) {
            split = queue.takeFirstUnpaused();
            if (split == null) {
                return queue.isEmpty() ? empty() : awaitResumed();
            }
            open(split);
        }
        try {
            if (!batches.hasNext()) {
                return finishSplit();
            }
            ParquetBatch decoded = batches.next();
            if (unfiltered) {
                int rows = decoded.numRows();
                metrics.rowsDecoded.inc(rows);
                if (rowFilter != null) {
                    metrics.rowsFullyMatched.inc(rows);
                }
            }
            VectorizedColumnBatch adapted = plan.adapt(decoded.columnBatch());
            BatchRecords records =
                    new BatchRecords(
                            split.splitId(),
                            adapted,
                            decoded,
                            gate,
                            eventTimeIndex < 0 ? null : plan.column(eventTimeIndex),
                            eventTime);
            if (decoded.numRows() > 0) {
                handedRowGroup = decoded.rowGroup();
                handedRow = decoded.nextRowPosition();
            }
            gate.take();
            handedOver.addAndGet(decoded.numRows());
            return records;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private void open(RowGroupSplit s) throws IOException {
        Path path = new Path(s.path());
        // taken off the split whichever way the file opens: the split is held until it finishes
        Optional<ParquetTail> shipped = s.takeFooterTail();
        InputFile file = openFile(path, s);
        // Keyed as planned: a split planned after the file was rewritten carries the new
        // modification time, and does not meet the footer cached for the old one.
        Optional<ParquetFooter> known = footers.get(s.path(), s.fileLength(), s.modificationTime());
        if (known.isPresent()) {
            reader = ParquetReader.open(file, known.get(), readOptions);
        } else {
            reader = null;
            if (shipped.isPresent()) {
                reader = openFromTail(file, shipped.get(), s);
                if (reader == null) {
                    file = openFile(path, s); // the failed open closed the file
                }
            }
            if (reader == null) {
                reader = openReadingFooter(file, path, s);
                footersRead++;
            }
            footers.put(s.path(), s.fileLength(), s.modificationTime(), reader.footer());
        }
        ReadAheadInputFile readAhead = file instanceof ReadAheadInputFile r ? r : null;
        try {
            int groups = reader.metadata().rowGroups().size();
            if (s.lastRowGroup() >= groups) {
                throw FileContext.of(s.path())
                        .unsupported(
                                "Cannot read split " + s.splitId(),
                                "the file has " + groups + " row groups");
            }
            metrics.splitRows.opened(s, reader.metadata());
            plan =
                    FileReadPlan.of(
                            reader,
                            planType,
                            settings.rows().producedType().getFieldCount(),
                            partitionKeys,
                            s.partitions(),
                            s.path(),
                            inFlight);
            rowFilter =
                    settings.rows().predicate() == null
                            ? null
                            : PredicateRowFilter.of(
                                    settings.rows().predicate(),
                                    settings.rows().readType(),
                                    reader,
                                    partitionKeys,
                                    s.partitions(),
                                    s.path(),
                                    slots,
                                    metrics);
            pruning =
                    predicatePruning == null
                            ? null
                            : RowGroupPruning.of(
                                    reader,
                                    predicatePruning,
                                    settings.rows().inListCap(),
                                    plan.projection(),
                                    metrics);
            if (readAhead != null) {
                planReadAhead(readAhead, s);
            }
            this.readAhead = readAhead;
        } catch (IOException | RuntimeException e) {
            closeFile();
            throw e;
        }
        batches = scan(s);
        handedRowGroup = s.nextRowGroup();
        handedRow = s.nextRow();
    }

    /**
     * Puts the open split, paused, back first among those waiting, at the position after the last
     * row handed over (the rows handed over are emitted as usual), and closes its file: another
     * split is read meanwhile, and this one reopens there once resumed (its footer cached).
     */
    private void suspend() throws IOException {
        RowGroupSplit suspended = split.at(handedRowGroup, handedRow);
        closeFile();
        split = null;
        queue.addFirst(suspended);
    }

    /**
     * Every split held is paused: waits for the fetcher's wake-up (it comes with the task resuming
     * a split, a new split, or the reader's closing) instead of returning at once, which would spin
     * the fetcher thread.
     */
    private RecordsWithSplitIds<RowAtPosition> awaitResumed() throws IOException {
        gate.awaitSignal();
        return empty();
    }

    /**
     * The split's file at its planned length, counted, and read ahead on a distributed file system
     * with read-ahead on (then the {@link ReadAheadInputFile}).
     */
    private InputFile openFile(Path path, RowGroupSplit s) throws IOException {
        // The split knows its file's length: no status request (a round trip on an object store).
        InputFile counted =
                new CountingInputFile(
                        FlinkInputFile.open(path, s.fileLength()), metrics::bytesRead);
        return settings.decoding().readAheadBytes() > 0
                        && counted.rangeReadPolicy().concurrency() > 1
                ? new ReadAheadInputFile(counted, settings.decoding().readAheadBytes())
                : counted;
    }

    /**
     * Opens {@code file} from the footer tail its split carried: the enumerator read it from the
     * file version the split names (path, length and modification time), so no footer request is
     * made. The tail's footer is checked as one read from the file; a tail that fails the checks is
     * counted and logged, and null returned (the file, closed, is then opened reading its footer,
     * as without a tail: a damaged file is refused there).
     */
    @Nullable
    private ParquetReader openFromTail(InputFile file, ParquetTail tail, RowGroupSplit s) {
        try {
            ParquetReader opened = ParquetReader.open(file, tail, readOptions);
            metrics.footersFromSplit.inc();
            return opened;
        } catch (IOException | RuntimeException e) {
            metrics.footerTailsRefused.inc();
            LOG.warn(
                    "pqx source: the footer tail split {} carried does not open {}; reading its"
                            + " footer from the file instead",
                    s.splitId(),
                    s.path(),
                    e);
            return null;
        }
    }

    /**
     * Opens {@code file} (read at the planned length) reading its footer. A file changed since
     * planning shows there: its tail at the planned length is no footer, or lies beyond its end.
     * Only then is the file's status asked, to refuse a file whose length changed with the words
     * that say so; any other failure is thrown as it was.
     */
    private ParquetReader openReadingFooter(InputFile file, Path path, RowGroupSplit s)
            throws IOException {
        try {
            return ParquetReader.open(file, readOptions);
        } catch (IOException e) {
            long length;
            try {
                length = path.getFileSystem().getFileStatus(path).getLen();
            } catch (IOException | RuntimeException statusFailure) {
                e.addSuppressed(statusFailure);
                throw e;
            }
            if (length != s.fileLength()) {
                UnsupportedFileException changed =
                        FileContext.of(s.path())
                                .unsupported(
                                        "Cannot read split " + s.splitId(),
                                        "the file has "
                                                + length
                                                + " bytes, but had "
                                                + s.fileLength()
                                                + " when it was planned: it was changed after"
                                                + " discovery");
                changed.addSuppressed(e);
                throw changed;
            }
            throw e;
        }
    }

    /**
     * Tells the read-ahead which row groups the split reads in full, in order: those after a partly
     * read first one, and with a predicate only those planned to match in full (the others may be
     * pruned or read in part, and fetching them whole would waste what pruning saves). A row group
     * is one block, the projected leaves' column chunks.
     */
    private void planReadAhead(ReadAheadInputFile readAhead, RowGroupSplit s) {
        ReadAheadSpans.planRowGroups(
                readAhead,
                reader.metadata(),
                plan.projection().leaves(),
                s,
                settings.rows().predicate() != null,
                settings.decoding().readAheadBytes());
    }

    /**
     * The split's rows from its resume point: each row group's access decided when the scan reaches
     * it (ALL_MATCH as planned, narrowed by the runtime filters known then, bloom filters and page
     * indexes), a partial selection's pages planned with the offset indexes the page index pruner
     * read (no second read).
     */
    private BatchIterator scan(RowGroupSplit s) {
        RowGroupPruning filePruning = pruning;
        return ParquetScan.builder(reader, plan.projection())
                .rowGroups(s.firstRowGroup(), s.lastRowGroup())
                .startAt(s.nextRowGroup(), s.nextRow())
                .access(
                        (rowGroup, rows) -> {
                            RowGroupAccess access =
                                    s.isAllMatch(rowGroup)
                                            ? RowGroupAccess.allMatch(rows)
                                            : RowGroupAccess.scan(rows);
                            return filePruning == null
                                    ? access
                                    : filePruning.prune(rowGroup, access, slots.current());
                        })
                .knownPageIndexes(
                        rowGroup ->
                                filePruning == null
                                        ? Optional.empty()
                                        : filePruning.known(rowGroup))
                .rowFilter(rowFilter)
                .listener(
                        new ParquetScan.Listener() {
                            @Override
                            public void reading(
                                    int rowGroup, RowSelection selection, boolean filtered) {
                                readTogether(filePruning, rowGroup, selection, filtered);
                                unfiltered = !filtered;
                                if (filtered) {
                                    // the filter's columns are decoded for every row of the
                                    // selection
                                    metrics.rowsDecoded.inc(selection.rowCount());
                                }
                            }
                        })
                .build();
    }

    /**
     * Before a row group is read: when it is read filtered, in part (the page indexes proved at
     * least half of its rows empty, so its predicate's column is clustered and the rows left mostly
     * match), has the read-ahead fetch the selected pages of every column the read decodes (the
     * filter's and the emitted ones) in one wave on the first read, unless an emitted column's
     * pages are finer than the filter's ({@link SelectedPageSpans}). Late materialization would
     * otherwise wait for the filter's pages, decide, then ask for the others: two round trips. Any
     * other row group drops the group of the one before.
     */
    private void readTogether(
            @Nullable RowGroupPruning filePruning,
            int rowGroup,
            RowSelection selection,
            boolean filtered) {
        if (readAhead == null) {
            return;
        }
        List<ReadAheadInputFile.Span> spans = List.of();
        RowGroupView group = reader.metadata().rowGroup(rowGroup);
        if (filtered
                && filePruning != null
                && rowFilter != null
                && selection.rowCount() <= group.numRows() / 2) {
            Optional<RowGroupPageIndexes> known = filePruning.known(rowGroup);
            if (known.isPresent()) {
                spans =
                        ReadAheadSpans.selectedPages(
                                group,
                                rowFilter.columns().leaves(),
                                plan.projection().leaves(),
                                known.get(),
                                selection);
            }
        }
        readAhead.readTogether(spans);
    }

    /** Footers this reader read itself (the others came from its cache); for tests. */
    long footersRead() {
        return footersRead;
    }

    private RecordsWithSplitIds<RowAtPosition> finishSplit() throws IOException {
        String id = split.splitId();
        closeFile();
        split = null;
        queue.resume(id);
        RecordsBySplits.Builder<RowAtPosition> done = new RecordsBySplits.Builder<>();
        done.addFinishedSplit(id);
        return done.build();
    }

    /**
     * Past the limit: the open split and every split waiting are finished without reading further
     * (a query's LIMIT is applied again downstream; this only stops the reading).
     */
    private RecordsWithSplitIds<RowAtPosition> finishUnread() throws IOException {
        RecordsBySplits.Builder<RowAtPosition> done = new RecordsBySplits.Builder<>();
        if (split != null) {
            done.addFinishedSplit(split.splitId());
            closeFile();
            split = null;
        }
        for (RowGroupSplit waiting; (waiting = queue.poll()) != null; ) {
            done.addFinishedSplit(waiting.splitId());
        }
        queue.clearPaused();
        return done.build();
    }

    private static RecordsWithSplitIds<RowAtPosition> empty() {
        return new RecordsBySplits.Builder<RowAtPosition>().build();
    }

    private void closeFile() throws IOException {
        try {
            if (batches != null) {
                batches.close();
            }
        } finally {
            batches = null;
            plan = null;
            rowFilter = null;
            pruning = null;
            readAhead = null;
            ParquetReader r = reader;
            reader = null;
            if (r != null) {
                r.close();
            }
        }
    }

    @Override
    public void handleSplitsChanges(SplitsChange<RowGroupSplit> changes) {
        if (changes instanceof SplitsAddition) {
            queue.addAll(changes.splits());
        }
    }

    /**
     * Watermark alignment: a paused split is not read further (it keeps its position, and the
     * reader's checkpoints hold it as any split), the others are; a resumed one is read again from
     * where it stopped. Ids of splits this reader does not hold are ignored.
     */
    @Override
    public void pauseOrResumeSplits(
            Collection<RowGroupSplit> splitsToPause, Collection<RowGroupSplit> splitsToResume) {
        for (RowGroupSplit s : splitsToPause) {
            queue.pause(s.splitId());
        }
        for (RowGroupSplit s : splitsToResume) {
            queue.resume(s.splitId());
        }
    }

    /** The ids of the splits paused (for tests). */
    Set<String> paused() {
        return queue.paused();
    }

    @Override
    public void wakeUp() {
        gate.wakeUp();
    }

    @Override
    public void close() throws IOException {
        gate.wakeUp();
        closeFile();
    }
}
