package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.encode.RowGroupBuffer;
import io.pqx.format.schema.FlinkSchemaConverter;
import io.pqx.format.schema.ParquetSchema;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

class SlicePoolTest {
    private static final RowType LONGS =
            (RowType)
                    DataTypes.ROW(DataTypes.FIELD("a", DataTypes.BIGINT().notNull()))
                            .getLogicalType();
    private static final ParquetSchema SCHEMA = FlinkSchemaConverter.toParquetSchema(LONGS);

    @Test
    void feedsAreBoundedForAllFilesTogetherAndAFreedPermitWakesTheWaiter() throws Exception {
        SlicePool pool = new SlicePool(3);
        List<RowGroupBuffer> fed = new ArrayList<>();
        for (String file : List.of("a.parquet", "b.parquet", "c.parquet")) {
            pool.acquireFeed();
            fed.add(pool.take(SCHEMA, file));
        }
        assertThat(pool.availableFeeds()).isZero();

        CountDownLatch fourthFed = new CountDownLatch(1);
        Thread fourth =
                new Thread(
                        () -> {
                            try {
                                pool.acquireFeed();
                                fourthFed.countDown();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        });
        fourth.start();
        assertThat(fourthFed.await(200, TimeUnit.MILLISECONDS))
                .as("a fourth feed waits while three are in flight")
                .isFalse();

        pool.consumed(fed.get(1));
        assertThat(fourthFed.await(10, TimeUnit.SECONDS)).isTrue();
        fourth.join();
    }

    @Test
    void keepsAtMostAsManyEmptiedSlicesAsFeedsAndHandsThemOutEmptyUnderTheNewName() {
        SlicePool pool = new SlicePool(2);
        List<RowGroupBuffer> used = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            RowGroupBuffer slice = pool.take(SCHEMA, "old.parquet");
            slice.append(GenericRowData.of((long) i), i);
            used.add(slice);
        }
        used.forEach(pool::recycle);
        assertThat(pool.keptSlices()).isEqualTo(2);

        RowGroupBuffer reused = pool.take(SCHEMA, "new.parquet");
        assertThat(used).contains(reused);
        assertThat(reused.rowCount()).isZero();
        assertThat(pool.keptSlices()).isEqualTo(1);
        assertThatThrownBy(() -> reused.append(GenericRowData.of((Object) null), 5))
                .hasMessageContaining("(new.parquet)");
    }

    @Test
    void neverHandsOutASliceOfAnotherSchema() {
        SlicePool pool = new SlicePool(2);
        RowGroupBuffer slice = pool.take(SCHEMA, "a.parquet");
        pool.recycle(slice);
        ParquetSchema other = FlinkSchemaConverter.toParquetSchema(LONGS);

        RowGroupBuffer taken = pool.take(other, "b.parquet");
        assertThat(taken).isNotSameAs(slice);
        assertThat(taken.schema()).isSameAs(other);
        assertThat(pool.keptSlices()).isZero();
    }
}
