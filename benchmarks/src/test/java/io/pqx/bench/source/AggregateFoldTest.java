package io.pqx.bench.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.format.DuckDbAggregates;
import io.pqx.bench.format.LineitemTable;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.Dictionary;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapDoubleVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapLongVector;
import org.junit.jupiter.api.Test;

class AggregateFoldTest {
    private static final long[] ORDER_KEYS = {7, -3, 1_000_000_000_000L};
    private static final int[] SUPP_KEYS = {5, 9, -2};
    private static final double[] DISCOUNTS = {0.25, 0.5, 0.125};
    private static final String[] FLAGS = {"A", "NO", "xyz"};

    /** l_orderkey (LONG), l_suppkey (INT), l_discount (DOUBLE), l_returnflag (STRING). */
    private static final List<Integer> COLUMNS =
            List.of(
                    LineitemTable.indexOf("l_orderkey"),
                    LineitemTable.indexOf("l_suppkey"),
                    LineitemTable.indexOf("l_discount"),
                    LineitemTable.indexOf("l_returnflag"));

    @Test
    void foldsFlinksHeapVectorsFromTheirArrays() {
        HeapLongVector longs = new HeapLongVector(3);
        HeapIntVector ints = new HeapIntVector(3);
        HeapDoubleVector doubles = new HeapDoubleVector(3);
        HeapBytesVector strings = new HeapBytesVector(3);
        for (int i = 0; i < 3; i++) {
            longs.vector[i] = ORDER_KEYS[i];
            ints.vector[i] = SUPP_KEYS[i];
            doubles.vector[i] = DISCOUNTS[i];
            byte[] flag = FLAGS[i].getBytes(StandardCharsets.UTF_8);
            strings.appendBytes(i, flag, 0, flag.length);
        }

        assertThat(fold(longs, ints, doubles, strings)).isEqualTo(expected());
    }

    @Test
    void foldsDictionaryVectorsAndOtherVectorsThroughTheirAccessors() {
        // heap vectors in dictionary mode, whose value arrays hold nothing: the fold must decode
        HeapLongVector longs = new HeapLongVector(3);
        HeapIntVector ints = new HeapIntVector(3);
        HeapBytesVector strings = new HeapBytesVector(3);
        longs.setDictionary(new ReversedEntries());
        ints.setDictionary(new ReversedEntries());
        strings.setDictionary(new ReversedEntries());
        for (HeapIntVector ids :
                List.of(
                        longs.reserveDictionaryIds(3),
                        ints.reserveDictionaryIds(3),
                        strings.reserveDictionaryIds(3))) {
            for (int i = 0; i < 3; i++) {
                ids.vector[i] = 2 - i;
            }
        }
        DoubleColumnVector doubles = new OtherDoubles();

        assertThat(fold(longs, ints, doubles, strings)).isEqualTo(expected());
        assertThat(fold(new OtherLongs(), new OtherInts(), doubles, new OtherStrings()))
                .isEqualTo(expected());
    }

    private static DuckDbAggregates fold(
            ColumnVector longs, ColumnVector ints, ColumnVector doubles, ColumnVector strings) {
        VectorizedColumnBatch batch =
                new VectorizedColumnBatch(new ColumnVector[] {longs, ints, doubles, strings});
        batch.setNumRows(3);
        AggregateFold fold = new AggregateFold(COLUMNS);
        fold.add(batch);
        fold.add(batch);
        return fold.result();
    }

    /** The aggregates of two passes over the three rows, computed here by hand. */
    private static DuckDbAggregates expected() {
        long orderKeys = 0;
        long suppKeys = 0;
        double discounts = 0;
        long flagBytes = 0;
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < 3; i++) {
                orderKeys += ORDER_KEYS[i];
                suppKeys += SUPP_KEYS[i];
                discounts += DISCOUNTS[i];
                flagBytes += FLAGS[i].length();
            }
        }
        return new DuckDbAggregates(
                COLUMNS,
                6,
                new long[] {orderKeys, suppKeys, Double.doubleToRawLongBits(discounts), flagBytes});
    }

    /** Entry {@code id} is row {@code 2 - id}'s value (the ids above are written reversed). */
    private static final class ReversedEntries implements Dictionary {
        @Override
        public int decodeToInt(int id) {
            return SUPP_KEYS[2 - id];
        }

        @Override
        public long decodeToLong(int id) {
            return ORDER_KEYS[2 - id];
        }

        @Override
        public float decodeToFloat(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public double decodeToDouble(int id) {
            return DISCOUNTS[2 - id];
        }

        @Override
        public byte[] decodeToBinary(int id) {
            return FLAGS[2 - id].getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public TimestampData decodeToTimestamp(int id) {
            throw new UnsupportedOperationException();
        }
    }

    private static final class OtherLongs implements LongColumnVector {
        @Override
        public long getLong(int i) {
            return ORDER_KEYS[i];
        }

        @Override
        public boolean isNullAt(int i) {
            return false;
        }
    }

    private static final class OtherInts implements IntColumnVector {
        @Override
        public int getInt(int i) {
            return SUPP_KEYS[i];
        }

        @Override
        public boolean isNullAt(int i) {
            return false;
        }
    }

    private static final class OtherDoubles implements DoubleColumnVector {
        @Override
        public double getDouble(int i) {
            return DISCOUNTS[i];
        }

        @Override
        public boolean isNullAt(int i) {
            return false;
        }
    }

    private static final class OtherStrings implements BytesColumnVector {
        @Override
        public Bytes getBytes(int i) {
            byte[] flag = FLAGS[i].getBytes(StandardCharsets.UTF_8);
            return new Bytes(flag, 0, flag.length);
        }

        @Override
        public boolean isNullAt(int i) {
            return false;
        }
    }
}
