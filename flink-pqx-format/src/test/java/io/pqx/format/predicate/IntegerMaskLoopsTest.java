package io.pqx.format.predicate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.Dictionary;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapLongVector;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * The loops {@link BoundPredicate#mask} runs over integer columns straight from Flink's heap
 * vectors give {@link BoundPredicate#test}'s answer on every row: random comparisons, ANDs of
 * comparisons (one range), {@code <>} and IN over BIGINT and INT heap vectors whose null rows hold
 * random values (a loop that forgot a null would keep one), over an INT heap vector in dictionary
 * mode and over a BIGINT vector that is no heap vector (both read through the interface). Seeded;
 * the seed is printed.
 */
class IntegerMaskLoopsTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("l", DataTypes.BIGINT()),
                                    DataTypes.FIELD("i", DataTypes.INT()),
                                    DataTypes.FIELD("di", DataTypes.INT()),
                                    DataTypes.FIELD("vl", DataTypes.BIGINT()))
                            .getLogicalType();
    private static final String[] COLUMNS = {"l", "i", "di", "vl"};

    @Test
    void heapVectorLoopsEqualRowByRowEvaluation() {
        long seed = Long.getLong("pqx.seed", new Random().nextLong());
        System.out.println("IntegerMaskLoopsTest seed " + seed);
        Random random = new Random(seed);
        ColumnResolver resolver = ColumnResolver.of(TYPE);
        long checked = 0;
        long kept = 0;
        for (int b = 0; b < 200; b++) {
            int n = 1 + random.nextInt(300);
            VectorizedColumnBatch batch = batch(random, n);
            for (int p = 0; p < 20; p++) {
                Predicate predicate = predicate(random);
                BoundPredicate bound = BoundPredicate.bind(predicate, resolver);
                boolean[] mask = bound.mask(batch, SlotValues.none());
                assertThat(mask).hasSize(n);
                for (int i = 0; i < n; i++) {
                    boolean expected = bound.test(new ColumnarRowData(batch, i), SlotValues.none());
                    if (mask[i] != expected) {
                        throw new AssertionError(
                                "seed "
                                        + seed
                                        + ": "
                                        + predicate
                                        + " on row "
                                        + i
                                        + ": mask "
                                        + mask[i]
                                        + ", row "
                                        + expected);
                    }
                    kept += expected ? 1 : 0;
                    checked++;
                }
            }
        }
        // the predicates are neither always TRUE nor never
        assertThat(kept).isGreaterThan(0).isLessThan(checked);
    }

    /** A batch of {@code n} rows, about one in five null in every column. */
    private static VectorizedColumnBatch batch(Random random, int n) {
        HeapLongVector longs = new HeapLongVector(n + random.nextInt(8));
        HeapIntVector ints = new HeapIntVector(n + random.nextInt(8));
        HeapIntVector dictionaryInts = new HeapIntVector(n);
        HeapIntVector ids = dictionaryInts.reserveDictionaryIds(n);
        int[] entries = {-3, -1, 0, 2, 5, Integer.MIN_VALUE, Integer.MAX_VALUE};
        dictionaryInts.setDictionary(new IntEntries(entries));
        long[] viewed = new long[n];
        boolean[] viewedNull = new boolean[n];
        for (int i = 0; i < n; i++) {
            // a null row's slot holds a value too, one a predicate may well admit
            longs.vector[i] = value(random);
            ints.vector[i] = (int) value(random);
            ids.vector[i] = random.nextInt(entries.length);
            dictionaryInts.vector[i] = (int) value(random); // unused in dictionary mode
            viewed[i] = value(random);
            if (random.nextInt(5) == 0) {
                longs.setNullAt(i);
            }
            if (random.nextInt(5) == 0) {
                ints.setNullAt(i);
            }
            if (random.nextInt(5) == 0) {
                dictionaryInts.setNullAt(i);
            }
            viewedNull[i] = random.nextInt(5) == 0;
        }
        LongColumnVector notHeap =
                new LongColumnVector() {
                    @Override
                    public long getLong(int i) {
                        return viewed[i];
                    }

                    @Override
                    public boolean isNullAt(int i) {
                        return viewedNull[i];
                    }
                };
        VectorizedColumnBatch batch =
                new VectorizedColumnBatch(
                        new ColumnVector[] {longs, ints, dictionaryInts, notHeap});
        batch.setNumRows(n);
        return batch;
    }

    private static long value(Random random) {
        return random.nextInt(10) == 0
                ? (random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE)
                : random.nextInt(11) - 5;
    }

    private static Predicate predicate(Random r) {
        String column = COLUMNS[r.nextInt(COLUMNS.length)];
        int kind = r.nextInt(4);
        if (kind == 0) {
            // comparisons of one column under one AND: one range check
            List<Predicate> comparisons = new ArrayList<>();
            for (int c = 0; c < 2 + r.nextInt(2); c++) {
                comparisons.add(comparison(r, column));
            }
            return Predicates.and(comparisons);
        }
        if (kind == 1) {
            List<Object> values = new ArrayList<>();
            for (int v = 0; v < 1 + r.nextInt(4); v++) {
                values.add(literal(r, column));
            }
            return Predicates.in(Predicates.column(column), values);
        }
        Predicate leaf = comparison(r, column);
        return kind == 2 ? leaf : Predicates.not(leaf);
    }

    private static Predicate comparison(Random r, String column) {
        CompareOp op = CompareOp.values()[r.nextInt(CompareOp.values().length)];
        return Predicates.compare(Predicates.column(column), op, literal(r, column));
    }

    private static Object literal(Random r, String column) {
        long v = value(r);
        return column.equals("l") || column.equals("vl") ? (Object) v : (Object) (int) v;
    }

    /** A dictionary of ints, as Flink's heap vectors look values up in dictionary mode. */
    private record IntEntries(int[] values) implements Dictionary {
        @Override
        public int decodeToInt(int id) {
            return values[id];
        }

        @Override
        public long decodeToLong(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public float decodeToFloat(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public double decodeToDouble(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public byte[] decodeToBinary(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public TimestampData decodeToTimestamp(int id) {
            throw new UnsupportedOperationException();
        }
    }
}
