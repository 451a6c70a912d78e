package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.source.runtimefilter.TestingRuntimeFilters;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.junit.jupiter.api.Test;

/**
 * The version-4 state serializer on randomized states: paths sharing long prefixes (and prefixes
 * ending inside a surrogate pair), paths outside ASCII, very long and empty ones, partitions shared
 * with the file before, in another order, or none after some, and times and lengths at the edges of
 * a long: every state reads back equal, partition order included, and every truncation of it fails
 * with an {@link IOException}.
 */
class PqxEnumeratorStateRandomizedTest {
    private static final SimpleVersionedSerializer<PqxEnumeratorState> SERIALIZER =
            PqxEnumeratorState.serializer();

    private static final String[] PREFIXES = {
        "",
        "file:/warehouse/db/t/",
        "file:/warehouse/db/t/day=2024-03-09/",
        "file:/warehouse/db/t/day=2024-03-10/",
        "s3://bucket/\u00e9t\u00e9/r\u00e9gion=\u00eele-de-France/",
        "file:/d/\ud83d\ude00/",
        "file:/d/\ud83d\ude01/",
        "hdfs://nn:8020/\u8868/\u5206\u533a=\u4e00/",
    };

    private static final String[] PIECES = {
        "a",
        "part-",
        "0",
        "1",
        ".parquet",
        "\u00e9",
        "\ud83d\ude00",
        "\ud83d\ude01",
        "\u4e2d",
        "e\u0301",
        " ",
        "=",
        "%2F",
        "\u0000",
        "\uffff",
        "\ud800\udc00",
        "\udbff\udfff"
    };

    private static long edgyLong(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> Long.MIN_VALUE;
            case 1 -> Long.MAX_VALUE;
            case 2 -> 0;
            case 3 -> random.nextLong();
            case 4 -> -1 - random.nextInt(1000);
            default -> 1_700_000_000_000L + random.nextInt(1_000_000);
        };
    }

    private static long edgyLength(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> 0;
            case 1 -> Long.MAX_VALUE;
            case 2 -> random.nextLong() & Long.MAX_VALUE;
            default -> random.nextInt(1 << 30);
        };
    }

    private static String text(Random random, int maxPieces) {
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(maxPieces + 1); i > 0; i--) {
            s.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return s.toString();
    }

    private static String path(Random random, String before) {
        int kind = random.nextInt(10);
        if (kind == 0) {
            return ""; // empty
        }
        if (kind == 1 && random.nextInt(4) == 0) {
            // very long: beyond one- and two-byte lengths
            return PREFIXES[random.nextInt(PREFIXES.length)] + "x".repeat(20_000) + text(random, 3);
        }
        if (kind <= 4 && !before.isEmpty()) {
            // shares a prefix of any length with the path before, cut anywhere between two code
            // points (a file name is valid UTF-16), so also right after a pair's high surrogate
            // when the next piece starts with another pair of that surrogate
            int cut = random.nextInt(before.length() + 1);
            if (cut > 0 && Character.isHighSurrogate(before.charAt(cut - 1))) {
                cut--;
            }
            return before.substring(0, cut) + text(random, 4);
        }
        return PREFIXES[random.nextInt(PREFIXES.length)] + text(random, 6);
    }

    private static Map<String, String> partitions(Random random, Map<String, String> before) {
        int kind = random.nextInt(6);
        if (kind == 0) {
            return before; // the same as the file before
        }
        if (kind == 1 && before.size() > 1) {
            // the same entries in another order: equal as maps, not the same partitions
            List<Map.Entry<String, String>> entries = new ArrayList<>(before.entrySet());
            Collections.reverse(entries);
            Map<String, String> reversed = new LinkedHashMap<>();
            entries.forEach(e -> reversed.put(e.getKey(), e.getValue()));
            return reversed;
        }
        if (kind == 2) {
            return Map.of();
        }
        Map<String, String> p = new LinkedHashMap<>();
        for (int i = random.nextInt(4); i >= 0; i--) {
            p.put("k" + text(random, 2) + i, text(random, 3));
        }
        return p;
    }

    private static PqxEnumeratorState randomState(Random random) {
        long watermark = edgyLong(random);
        List<SeenFile> seen = new ArrayList<>();
        String before = "";
        for (int i = random.nextInt(30); i > 0; i--) {
            before = path(random, before);
            seen.add(new SeenFile(before, edgyLong(random)));
        }
        List<RowGroupSplit> pending = new ArrayList<>();
        for (int i = random.nextInt(5); i > 0; i--) {
            int first = random.nextInt(10);
            int last = first + random.nextInt(3);
            RowGroupSplit split =
                    RowGroupSplit.of(
                            path(random, before),
                            edgyLength(random),
                            edgyLong(random),
                            partitions(random, Map.of()),
                            first,
                            last);
            pending.add(split.at(first + random.nextInt(last - first + 1), random.nextInt(100)));
        }
        List<UnplannedFile> unplanned = new ArrayList<>();
        Map<String, String> parts = Map.of();
        for (int i = random.nextInt(40); i > 0; i--) {
            before = path(random, before);
            parts = partitions(random, parts);
            unplanned.add(new UnplannedFile(before, edgyLength(random), edgyLong(random), parts));
        }
        return new PqxEnumeratorState(
                watermark,
                seen,
                pending,
                random.nextBoolean(),
                random.nextBoolean() ? TestingRuntimeFilters.samples() : List.of(),
                random.nextInt(3) == 0 ? Long.MIN_VALUE : edgyLong(random),
                unplanned);
    }

    /** The partitions of each unplanned file as ordered entries (map equality ignores order). */
    private static List<List<Map.Entry<String, String>>> partitionOrder(PqxEnumeratorState s) {
        return s.unplannedFiles().stream()
                .map(f -> List.copyOf(f.partitions().entrySet()))
                .toList();
    }

    @Test
    void randomStatesReadBackEqualWithTheirPartitionOrder() throws IOException {
        Random random = new Random(20261205L);
        for (int i = 0; i < 300; i++) {
            PqxEnumeratorState state = randomState(random);
            byte[] bytes = SERIALIZER.serialize(state);
            PqxEnumeratorState read = SERIALIZER.deserialize(SERIALIZER.getVersion(), bytes);
            assertThat(read).as("state %d", i).isEqualTo(state);
            assertThat(partitionOrder(read)).as("state %d", i).isEqualTo(partitionOrder(state));
            assertThat(SERIALIZER.serialize(read)).as("state %d written again", i).isEqualTo(bytes);
        }
    }

    @Test
    void everyTruncationOfARandomStateFailsWithAnIOException() throws IOException {
        Random random = new Random(7);
        for (int i = 0; i < 30; i++) {
            PqxEnumeratorState state = randomState(random);
            byte[] bytes = SERIALIZER.serialize(state);
            // every cut of the last 120 bytes (the unplanned files), and 10 cuts anywhere
            List<Integer> cuts = new ArrayList<>();
            for (int cut = 1; cut < Math.min(bytes.length, 120); cut++) {
                cuts.add(cut);
            }
            for (int k = 0; k < 10; k++) {
                cuts.add(1 + random.nextInt(bytes.length - 1));
            }
            for (int cut : cuts) {
                byte[] shorter = Arrays.copyOf(bytes, bytes.length - cut);
                assertThatThrownBy(() -> SERIALIZER.deserialize(SERIALIZER.getVersion(), shorter))
                        .as("state %d cut by %d bytes", i, cut)
                        .isInstanceOf(IOException.class);
            }
        }
    }

    @Test
    void pathsThatShareAPrefixEndingInsideASurrogatePairReadBack() throws IOException {
        // neighbours share the high surrogate of their last emoji: a front-coded cut after it
        // would leave a rest starting with a low surrogate, not valid UTF-16 on its own
        String[] names = {
            "file:/d/\ud83d\ude00.parquet",
            "file:/d/\ud83d\ude01.parquet",
            "file:/d/\ud83d\ude01",
            "file:/d/\ud83d\ude02\ud83d\ude00",
            "file:/d/\ud83d\ude02\ud83d\ude01",
            "",
            "\ud83d\ude00",
            "\ud83d\ude03",
        };
        List<UnplannedFile> files = new ArrayList<>();
        List<SeenFile> seen = new ArrayList<>();
        for (String n : names) {
            files.add(new UnplannedFile(n, 1, 2, Map.of()));
            seen.add(new SeenFile(n, 3));
        }
        PqxEnumeratorState state =
                new PqxEnumeratorState(3, seen, List.of(), true, List.of(), Long.MIN_VALUE, files);
        assertThat(SERIALIZER.deserialize(4, SERIALIZER.serialize(state))).isEqualTo(state);
    }

    @Test
    void aLastUnplannedFileWithoutPartitionsAfterOneWithPartitionsReadsBack() throws IOException {
        // its partitions are written as a count of 1 (none, unlike the file before) and nothing
        // after it: the count must not be checked as if each partition took a byte of its own
        PqxEnumeratorState state =
                new PqxEnumeratorState(
                        10,
                        List.of(),
                        List.of(),
                        true,
                        List.of(),
                        Long.MIN_VALUE,
                        List.of(
                                new UnplannedFile("file:/t/k=1/a.parquet", 4, 5, Map.of("k", "1")),
                                new UnplannedFile("file:/t/z.parquet", 4, 5, Map.of())));
        assertThat(SERIALIZER.deserialize(4, SERIALIZER.serialize(state))).isEqualTo(state);
    }

    @Test
    void corruptBytesReadAsSomeStateOrFailWithAnIOException() throws IOException {
        Random random = new Random(11);
        List<String> escaped = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            byte[] bytes = SERIALIZER.serialize(randomState(random));
            for (int k = 0; k < 80; k++) {
                byte[] corrupt = bytes.clone();
                for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                    corrupt[random.nextInt(corrupt.length)] ^= (byte) (1 + random.nextInt(255));
                }
                try {
                    SERIALIZER.deserialize(SERIALIZER.getVersion(), corrupt);
                } catch (IOException expected) {
                    // a corrupt state named as such
                } catch (RuntimeException | OutOfMemoryError e) {
                    escaped.add(e.toString());
                }
            }
        }
        assertThat(escaped).as("failures other than an IOException").isEmpty();
    }
}
