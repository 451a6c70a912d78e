package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.junit.jupiter.api.io.TempDir;

/**
 * Watermark alignment on the split reader: a paused split is set aside at its position while the
 * others are read, a reader whose every split is paused waits (without spinning) until woken, and a
 * resumed split goes on from where it stopped: every row once, in order.
 */
class PqxSplitReaderPauseTest {
    @TempDir Path dir;

    /** The rows of one fetch, by split id. */
    record Fetched(List<String> ids, List<String> rows, List<String> finished) {}

    static Fetched fetch(PqxSplitReader reader) throws Exception {
        RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
        List<String> ids = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        String id;
        while ((id = records.nextSplit()) != null) {
            ids.add(id);
            RowAtPosition r;
            while ((r = records.nextRecordFromSplit()) != null) {
                rows.add(TestingSourceFiles.describe(r.row));
            }
        }
        records.recycle();
        return new Fetched(ids, rows, new ArrayList<>(records.finishedSplits()));
    }

    private static List<String> orders(long from, long to) {
        List<String> rows = new ArrayList<>();
        for (long id = from; id < to; id++) {
            rows.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
        }
        return rows;
    }

    private static <T> T within(ThrowingSupplier<T> call, long millis) throws Throwable {
        CompletableFuture<T> f = new CompletableFuture<>();
        Thread t =
                new Thread(
                        () -> {
                            try {
                                f.complete(call.get());
                            } catch (Throwable e) {
                                f.completeExceptionally(e);
                            }
                        });
        t.start();
        return f.get(millis, TimeUnit.MILLISECONDS);
    }

    @Test
    void aPausedSplitWaitsAtItsPositionWhileTheOthersAreRead() throws Throwable {
        Path a = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 400, 100);
        Path b = TestingSourceFiles.writeOrders(dir.resolve("b.parquet"), 400, 500, 100);
        RowGroupSplit sa = PqxSplitReaderTest.split(a, Map.of(), 0, 3);
        RowGroupSplit sb = PqxSplitReaderTest.split(b, Map.of(), 0, 0);
        ReaderSettings settings =
                new ReaderSettings(
                        ReaderSettings.Rows.all(TestingSourceFiles.ORDERS, List.of()),
                        new ReaderSettings.Decoding(64, true, 4, false, true),
                        Long.MAX_VALUE);
        List<String> fromA = new ArrayList<>();
        List<String> fromB = new ArrayList<>();
        try (PqxSplitReader reader = new PqxSplitReader(settings)) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(sa, sb)));
            Fetched first = fetch(reader);
            assertThat(first.ids()).containsExactly(sa.splitId());
            fromA.addAll(first.rows());

            reader.pauseOrResumeSplits(List.of(sa), List.of());
            assertThat(reader.paused()).containsExactly(sa.splitId());
            List<String> finished = new ArrayList<>();
            while (!finished.contains(sb.splitId())) {
                Fetched f = fetch(reader);
                assertThat(f.ids()).as("only b is read").doesNotContain(sa.splitId());
                fromB.addAll(f.rows());
                finished.addAll(f.finished());
            }
            assertThat(fromB).isEqualTo(orders(400, 500));

            // a alone, paused: a fetch waits until woken (the fetcher's wake-up for a task)
            CompletableFuture<Fetched> waiting = new CompletableFuture<>();
            Thread fetcher =
                    new Thread(
                            () -> {
                                try {
                                    waiting.complete(fetch(reader));
                                } catch (Throwable e) {
                                    waiting.completeExceptionally(e);
                                }
                            });
            fetcher.start();
            try {
                waiting.get(300, TimeUnit.MILLISECONDS);
                throw new AssertionError("a fetch with every split paused returned at once");
            } catch (TimeoutException expected) {
                // waits
            }
            reader.wakeUp();
            Fetched woken = waiting.get(10, TimeUnit.SECONDS);
            fetcher.join();
            assertThat(woken.rows()).isEmpty();
            assertThat(woken.finished()).isEmpty();

            reader.pauseOrResumeSplits(List.of(), List.of(sa));
            assertThat(reader.paused()).isEmpty();
            finished.clear();
            while (!finished.contains(sa.splitId())) {
                Fetched f = within(() -> fetch(reader), 10_000);
                fromA.addAll(f.rows());
                finished.addAll(f.finished());
            }
        }
        assertThat(fromA).as("every row of a once, in order").isEqualTo(orders(0, 400));
    }

    @Test
    void pausingASplitNotHeldChangesNothing() throws Exception {
        Path a = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 200, 100);
        RowGroupSplit sa = PqxSplitReaderTest.split(a, Map.of(), 0, 1);
        RowGroupSplit other = PqxSplitReaderTest.split(a, Map.of(), 1, 1);
        ReaderSettings settings =
                new ReaderSettings(
                        ReaderSettings.Rows.all(TestingSourceFiles.ORDERS, List.of()),
                        new ReaderSettings.Decoding(64, true, 4, true, true),
                        Long.MAX_VALUE);
        List<String> rows = new ArrayList<>();
        try (PqxSplitReader reader = new PqxSplitReader(settings)) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(sa)));
            reader.pauseOrResumeSplits(List.of(), List.of(other));
            List<String> finished = new ArrayList<>();
            while (!finished.contains(sa.splitId())) {
                Fetched f = fetch(reader);
                rows.addAll(f.rows());
                finished.addAll(f.finished());
            }
        }
        assertThat(rows).isEqualTo(orders(0, 200));
    }
}
