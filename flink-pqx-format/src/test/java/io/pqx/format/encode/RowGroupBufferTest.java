package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.schema.FlinkToParquetSchema;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

class RowGroupBufferTest {
    private static final RowType LONGS =
            (RowType)
                    DataTypes.ROW(DataTypes.FIELD("a", DataTypes.BIGINT().notNull()))
                            .getLogicalType();

    private static RowGroupBuffer buffer() {
        return new RowGroupBuffer(FlinkToParquetSchema.toParquetSchema(LONGS), "b.parquet");
    }

    /** Appends rows until the buffer says it is full; returns how many it took. */
    private static int fill(RowGroupBuffer buf, long maxRows, long maxBytes) {
        for (int i = 1; i <= 1_000_000; i++) {
            buf.append(GenericRowData.of((long) i), i);
            if (buf.isFull(maxRows, maxBytes)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void isFullAtTheRowLimit() {
        assertThat(fill(buffer(), 1234, Long.MAX_VALUE)).isEqualTo(1234);
    }

    @Test
    void isFullWhenTheEstimatedBytesReachTheLimitExactly() {
        // A NOT NULL BIGINT buffers 8 bytes per row and no levels.
        RowGroupBuffer buf = buffer();
        assertThat(fill(buf, Long.MAX_VALUE, 8000)).isEqualTo(1000);
        assertThat(buf.estimatedBytes()).isEqualTo(8000);
    }

    @Test
    void resetEmptiesTheBufferAndRestartsTheByteChecks() {
        RowGroupBuffer buf = buffer();
        fill(buf, Long.MAX_VALUE, 8000);
        buf.reset();
        assertThat(buf.rowCount()).isZero();
        assertThat(buf.estimatedBytes()).isZero();
        assertThat(fill(buf, Long.MAX_VALUE, 800)).isEqualTo(100);
    }

    @Test
    void rejectionsNameTheFileTheBufferWasLastRelocatedTo() {
        RowGroupBuffer buf = buffer();
        buf.relocate("other.parquet");
        assertThatThrownBy(() -> buf.append(GenericRowData.of((Object) null), 41))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("row 41")
                .hasMessageContaining("(other.parquet)")
                .hasMessageNotContaining("b.parquet");
    }
}
