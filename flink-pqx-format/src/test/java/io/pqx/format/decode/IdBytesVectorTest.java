package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.junit.jupiter.api.Test;

/**
 * A string column's batches keep only dictionary ids while all their values come from one small
 * dictionary, and switch to bytes (ids turned into their entries first) as soon as any other value
 * is written: whatever the mix of dictionary pages, PLAIN pages, per-value decoding and nulls, and
 * across batches, every row reads back its own string, through the vector and through Flink's
 * {@link ColumnarRowData}.
 */
class IdBytesVectorTest {

    /** A PLAIN dictionary page's layout: each entry after its 4-byte length. */
    private record Dict(byte[] bytes, int[] starts, int[] lengths, String[] values) {
        static Dict of(String... values) {
            int size = Arrays.stream(values).mapToInt(v -> 4 + v.length()).sum();
            byte[] bytes = new byte[size + 2];
            int[] starts = new int[values.length];
            int[] lengths = new int[values.length];
            int at = 2;
            for (int i = 0; i < values.length; i++) {
                byte[] v = values[i].getBytes(StandardCharsets.UTF_8);
                at += 4;
                System.arraycopy(v, 0, bytes, at, v.length);
                starts[i] = at;
                lengths[i] = v.length;
                at += v.length;
            }
            return new Dict(bytes, starts, lengths, values);
        }
    }

    private final BinaryDecoders.Bytes sink = new BinaryDecoders.Bytes(() -> false, () -> null);

    private void putIds(Dict d, int[] ids, WritableColumnVector v, int pos, List<String> expected) {
        int[] shifted = new int[ids.length + 3];
        System.arraycopy(ids, 0, shifted, 3, ids.length);
        sink.putDictionaryBinaries(
                d.bytes(),
                d.starts(),
                d.lengths(),
                shifted,
                3,
                new int[shifted.length],
                new int[shifted.length],
                v,
                pos,
                ids.length);
        for (int id : ids) {
            expected.add(d.values()[id]);
        }
    }

    private void putPlain(String[] values, WritableColumnVector v, int pos, List<String> expected) {
        Dict page = Dict.of(values); // a PLAIN page has the same layout
        sink.putContiguousBinaries(
                page.bytes(), page.starts(), page.lengths(), 0, v, pos, values.length);
        expected.addAll(Arrays.asList(values));
    }

    private static void assertRows(WritableColumnVector v, List<String> expected) {
        VectorizedColumnBatch batch = new VectorizedColumnBatch(new ColumnVector[] {v});
        batch.setNumRows(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            if (expected.get(i) == null) {
                assertThat(v.isNullAt(i)).as("row %d", i).isTrue();
                continue;
            }
            BytesColumnVector.Bytes b = ((BytesColumnVector) v).getBytes(i);
            assertThat(new String(b.data, b.offset, b.len, StandardCharsets.UTF_8))
                    .as("row %d", i)
                    .isEqualTo(expected.get(i));
            assertThat(new ColumnarRowData(batch, i).getString(0).toString())
                    .as("row %d", i)
                    .isEqualTo(expected.get(i));
        }
    }

    @Test
    void aBatchFromOneSmallDictionaryKeepsIdsAndLeavesThemForAnyOtherValue() {
        Dict flags = Dict.of("A", "N", "R", "");
        WritableColumnVector v = sink.newVector(32);
        IdBytesVector vector = (IdBytesVector) v;

        // batch 1: two dictionary pages' worth of ids, then a null
        List<String> expected = new ArrayList<>();
        putIds(flags, new int[] {0, 1, 2, 3, 2}, v, 0, expected);
        putIds(flags, new int[] {1, 1, 0}, v, 5, expected);
        putIds(flags, new int[] {0}, v, 8, expected);
        v.setNullAt(8);
        expected.set(8, null);
        assertThat(vector.hasDictionary()).as("ids only").isTrue();
        assertRows(v, expected);

        // batch 2 (same vector): ids, then a PLAIN page mid-batch: the ids become bytes first
        v.reset();
        expected = new ArrayList<>();
        putIds(flags, new int[] {2, 0, 3}, v, 0, expected);
        putPlain(new String[] {"fallback", "", "x"}, v, 3, expected);
        assertThat(vector.hasDictionary()).isFalse();
        putIds(flags, new int[] {1, 2}, v, 6, expected); // copied now: the batch holds bytes
        assertThat(vector.hasDictionary()).isFalse();
        assertRows(v, expected);

        // batch 3 starts with bytes: no ids left over from batch 2's buffer
        v.reset();
        expected = new ArrayList<>();
        putIds(flags, new int[] {3, 3}, v, 0, expected); // ids again...
        v.reset();
        expected = new ArrayList<>();
        putPlain(new String[] {"p", "q"}, v, 0, expected); // ...and a new batch of bytes
        assertThat(vector.hasDictionary()).isFalse();
        assertRows(v, expected);

        // another chunk's dictionary in the middle of a batch: leaves ids too
        v.reset();
        expected = new ArrayList<>();
        Dict other = Dict.of("other", "values");
        putIds(flags, new int[] {0, 1}, v, 0, expected);
        putIds(other, new int[] {1, 0, 1}, v, 2, expected);
        assertThat(vector.hasDictionary()).isFalse();
        assertRows(v, expected);
    }

    @Test
    void aLargeDictionaryIsCopiedNotKeptAsIds() {
        // entries spanning one byte more than a dictionary kept as ids may
        String big = "x".repeat(BinaryDecoders.Bytes.ID_BYTES / 2);
        Dict large = Dict.of("a", big, big.substring(4), "b");
        WritableColumnVector v = sink.newVector(16);
        List<String> expected = new ArrayList<>();
        putIds(large, new int[] {3, 0, 3, 0}, v, 0, expected);
        assertThat(((IdBytesVector) v).hasDictionary()).isFalse();
        assertRows(v, expected);
    }

    /**
     * A dictionary of many entries (a nearly unique column's, as Arrow writes one per row group of
     * 32,768 rows) is kept as ids, its entries copied once; Flink's own look-up of an entry gives a
     * copy of its bytes.
     */
    @Test
    void aDictionaryOfManyEntriesIsKeptAsIds() {
        String[] values = new String[30_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = "comment " + i * 7919L;
        }
        Dict many = Dict.of(values);
        WritableColumnVector v = sink.newVector(64);
        List<String> expected = new ArrayList<>();
        putIds(many, new int[] {29_999, 0, 12_345, 29_999}, v, 0, expected);
        putIds(many, new int[] {7, 8}, v, 4, expected);
        IdBytesVector vector = (IdBytesVector) v;
        assertThat(vector.hasDictionary()).isTrue();
        assertRows(v, expected);
        IdBytesVector.Entries entries =
                IdBytesVector.Entries.of(many.bytes(), many.starts(), many.lengths());
        byte[] entry = entries.decodeToBinary(12_345);
        assertThat(new String(entry, StandardCharsets.UTF_8)).isEqualTo(values[12_345]);
        entry[0] = 'X'; // a copy: the entry itself stays
        assertThat(new String(entries.decodeToBinary(12_345), StandardCharsets.UTF_8))
                .isEqualTo(values[12_345]);
        // bytes after the ids: the rows held as ids become bytes first
        putIds(Dict.of("other"), new int[] {0}, v, 6, expected);
        assertThat(vector.hasDictionary()).isFalse();
        assertRows(v, expected);
    }

    @Test
    void randomMixesOfPagesReadBackRowByRow() {
        Random random = new Random(21);
        Dict small = Dict.of("AIR", "MAIL", "RAIL", "SHIP", "TRUCK", "REG AIR", "FOB");
        Dict tiny = Dict.of("Y", "N");
        WritableColumnVector v = sink.newVector(256);
        for (int batch = 0; batch < 300; batch++) {
            v.reset();
            List<String> expected = new ArrayList<>();
            int rows = 0;
            Dict d = random.nextBoolean() ? small : tiny;
            while (rows < 200) {
                int n = 1 + random.nextInt(40);
                switch (random.nextInt(6)) {
                    case 0 -> {
                        String[] plain = new String[n];
                        for (int i = 0; i < n; i++) {
                            plain[i] = "s" + random.nextInt(1000);
                        }
                        putPlain(plain, v, rows, expected);
                    }
                    case 1 -> {
                        d = d == small ? tiny : small; // the next chunk's dictionary
                        putIds(d, ids(random, d, n), v, rows, expected);
                    }
                    default -> putIds(d, ids(random, d, n), v, rows, expected);
                }
                if (random.nextInt(4) == 0) {
                    int at = rows + random.nextInt(n);
                    v.setNullAt(at);
                    expected.set(at, null);
                }
                rows += n;
            }
            assertRows(v, expected);
        }
    }

    private static int[] ids(Random random, Dict d, int n) {
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = random.nextInt(d.values().length);
        }
        return ids;
    }
}
