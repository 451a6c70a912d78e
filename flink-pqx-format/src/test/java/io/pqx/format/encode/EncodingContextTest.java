package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.schema.FlinkToParquetSchema;
import io.pqx.format.schema.ParquetSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

class EncodingContextTest {
    private static final RowType LONGS =
            (RowType)
                    DataTypes.ROW(DataTypes.FIELD("a", DataTypes.BIGINT().notNull()))
                            .getLogicalType();
    private static final ParquetSchema SCHEMA = FlinkToParquetSchema.toParquetSchema(LONGS);

    @Test
    void feedsAreBoundedForAllFilesTogetherAndAFreedPermitWakesTheWaiter() throws Exception {
        EncodingContext pool = EncodingContext.using(EncodingContext.CALLER_RUNS, 3);
        List<RowGroupBuffer> fed = new ArrayList<>();
        for (String file : List.of("a.parquet", "b.parquet", "c.parquet")) {
            pool.acquireSlice();
            fed.add(pool.takeSlice(SCHEMA, file));
        }
        assertThat(pool.availableSlices()).isZero();

        CountDownLatch fourthFed = new CountDownLatch(1);
        Thread fourth =
                new Thread(
                        () -> {
                            try {
                                pool.acquireSlice();
                                fourthFed.countDown();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        });
        fourth.start();
        assertThat(fourthFed.await(200, TimeUnit.MILLISECONDS))
                .as("a fourth feed waits while three are in flight")
                .isFalse();

        pool.recycle(fed.get(1));
        pool.releaseSlice();
        assertThat(fourthFed.await(10, TimeUnit.SECONDS)).isTrue();
        fourth.join();
    }

    @Test
    void keepsAtMostAsManyEmptiedSlicesAsFeedsAndHandsThemOutEmptyUnderTheNewName() {
        EncodingContext pool = EncodingContext.using(EncodingContext.CALLER_RUNS, 2);
        List<RowGroupBuffer> used = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            RowGroupBuffer slice = pool.takeSlice(SCHEMA, "old.parquet");
            slice.append(GenericRowData.of((long) i), i);
            used.add(slice);
        }
        used.forEach(pool::recycle);
        assertThat(pool.keptSlices()).isEqualTo(2);

        RowGroupBuffer reused = pool.takeSlice(SCHEMA, "new.parquet");
        assertThat(used).contains(reused);
        assertThat(reused.rowCount()).isZero();
        assertThat(pool.keptSlices()).isEqualTo(1);
        assertThatThrownBy(() -> reused.append(GenericRowData.of((Object) null), 5))
                .hasMessageContaining("(new.parquet)");
    }

    @Test
    void handsOutAKeptSliceForAnEqualSchemaButNeverForAnotherOne() {
        EncodingContext pool = EncodingContext.using(EncodingContext.CALLER_RUNS, 2);
        RowGroupBuffer slice = pool.takeSlice(SCHEMA, "a.parquet");
        pool.recycle(slice);
        ParquetSchema equal = FlinkToParquetSchema.toParquetSchema(LONGS);
        assertThat(pool.takeSlice(equal, "b.parquet")).isSameAs(slice);

        pool.recycle(slice);
        ParquetSchema other =
                FlinkToParquetSchema.toParquetSchema(
                        (RowType)
                                DataTypes.ROW(DataTypes.FIELD("b", DataTypes.INT()))
                                        .getLogicalType());
        RowGroupBuffer taken = pool.takeSlice(other, "c.parquet");
        assertThat(taken).isNotSameAs(slice);
        assertThat(taken.schema()).isSameAs(other);
        assertThat(pool.keptSlices()).isZero();
    }
}
