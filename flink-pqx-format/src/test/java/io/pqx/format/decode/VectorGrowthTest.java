package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.vector.heap.HeapBooleanVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapTimestampVector;
import org.junit.jupiter.api.Test;

class VectorGrowthTest {

    @Test
    void copiesValuesAndNullsOfEveryKind() {
        HeapIntVector ints = new HeapIntVector(2);
        ints.vector[0] = 7;
        ints.setNullAt(1);
        HeapIntVector grownInts = new HeapIntVector(4);
        VectorGrowth.copy(ints, grownInts, 2);
        assertThat(grownInts.getInt(0)).isEqualTo(7);
        assertThat(grownInts.isNullAt(1)).isTrue();

        HeapBytesVector bytes = new HeapBytesVector(2);
        bytes.setNullAt(0);
        bytes.appendBytes(1, "abc".getBytes(StandardCharsets.UTF_8), 0, 3);
        HeapBytesVector grownBytes = new HeapBytesVector(4);
        VectorGrowth.copy(bytes, grownBytes, 2);
        assertThat(grownBytes.isNullAt(0)).isTrue();
        assertThat(grownBytes.getBytes(1).getBytes())
                .isEqualTo("abc".getBytes(StandardCharsets.UTF_8));

        HeapTimestampVector timestamps = new HeapTimestampVector(1);
        timestamps.setTimestamp(0, TimestampData.fromEpochMillis(5, 6));
        HeapTimestampVector grownTimestamps = new HeapTimestampVector(2);
        VectorGrowth.copy(timestamps, grownTimestamps, 1);
        assertThat(grownTimestamps.getTimestamp(0, 9))
                .isEqualTo(TimestampData.fromEpochMillis(5, 6));

        HeapDecimalVector decimals = new HeapDecimalVector(1, 30, 2);
        decimals.setUnscaledLong(0, -99);
        HeapDecimalVector grownDecimals = new HeapDecimalVector(2, 30, 2);
        VectorGrowth.copy(decimals, grownDecimals, 1);
        assertThat(grownDecimals.getDecimal(0, 30, 2)).isEqualTo(decimals.getDecimal(0, 30, 2));

        HeapBooleanVector booleans = new HeapBooleanVector(1);
        booleans.vector[0] = true;
        HeapBooleanVector grownBooleans = new HeapBooleanVector(2);
        VectorGrowth.copy(booleans, grownBooleans, 1);
        assertThat(grownBooleans.getBoolean(0)).isTrue();
        assertThat(grownBooleans.isNullAt(0)).isFalse();
    }
}
