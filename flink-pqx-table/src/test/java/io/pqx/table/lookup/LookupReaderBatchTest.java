package io.pqx.table.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.PqxSource;
import io.pqx.table.lookup.TestingDimTable.DimRow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LookupReaderBatchTest {
    @TempDir Path dir;

    @Test
    void everyKeyOfRandomBatchesGetsExactlyItsRowsWithSeveralPagesPerRowGroup() throws Exception {
        List<DimRow> rows = TestingDimTable.write(dir, 200_000, 2, 50_000); // 3 pages per group
        Map<Long, List<String>> byKey = new HashMap<>();
        rows.forEach(r -> byKey.computeIfAbsent(r.k(), k -> new ArrayList<>()).add(r.fields()));
        PqxSource<RowData> listing =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingDimTable.TYPE)
                        .build();
        LookupTable table =
                new LookupTable(
                        "dim",
                        listing,
                        TestingDimTable.TYPE,
                        List.of(),
                        new int[] {0},
                        null,
                        null,
                        Duration.ofMinutes(1),
                        1 << 24);
        LookupReader reader = new LookupReader(table, new UnregisteredMetricsGroup());
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            long seed = Long.getLong("pqx.seed", 17) + t;
            Thread thread =
                    new Thread(
                            () -> {
                                try {
                                    batches(reader, table, byKey, new Random(seed));
                                } catch (Throwable e) {
                                    failures.add(e);
                                }
                            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.get(0));
        }
    }

    private static void batches(
            LookupReader reader, LookupTable table, Map<Long, List<String>> byKey, Random random)
            throws Exception {
        for (int b = 0; b < 200; b++) {
            int size = 1 + random.nextInt(b % 2 == 0 ? 8 : 120);
            List<RowData> keyRows = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                keyRows.add(GenericRowData.of((long) random.nextInt(400_100) - 50));
            }
            Map<KeyBatch.Key, List<RowData>> answers =
                    reader.read(KeyBatch.of(table, keyRows), keyRows.size());
            for (RowData keyRow : keyRows) {
                long k = keyRow.getLong(0);
                assertThat(TestingDimTable.fieldsOf(answers.get(KeyBatch.keyOf(table, keyRow))))
                        .as("key %s in batch %s of %s keys", k, b, size)
                        .containsExactlyInAnyOrderElementsOf(byKey.getOrDefault(k, List.of()));
            }
        }
    }
}
