package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.FlinkToParquetSchema;
import io.pqx.format.schema.ParquetSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * Row groups fed in slices encode to the chunks a whole-group {@link TestingWholeGroupEncoder}
 * makes.
 */
class IncrementalRowGroupEncoderTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("name", DataTypes.STRING()),
                                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.INT())))
                            .getLogicalType();
    private static final WriteOptions OPTIONS = WriteOptions.builder().pageRowLimit(300).build();

    @Test
    void slicedRowGroupsHaveTheWholeGroupEncodersChunks() throws Exception {
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(TYPE);
        List<RowData> rows = rows(5000);
        EncodedRowGroup whole = encodeWhole(schema, rows.subList(0, 3000));
        EncodedRowGroup wholeSecond = encodeWhole(schema, rows.subList(3000, 5000));
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int sliceRows : new int[] {1, 13, 1000, 3000}) {
                IncrementalRowGroupEncoder encoder =
                        new IncrementalRowGroupEncoder(schema, OPTIONS, pool);
                feed(encoder, schema, rows.subList(0, 3000), sliceRows);
                EncodedRowGroup first = encoder.finishRowGroup().join();
                feed(encoder, schema, rows.subList(3000, 5000), sliceRows);
                EncodedRowGroup second = encoder.finishRowGroup().join();
                assertSameChunks(first, whole);
                assertSameChunks(second, wholeSecond);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theSlicesEstimatedGrowthDependsOnTheRowsOnlyAndApproachesTheChunksSize() throws Exception {
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(TYPE);
        List<RowData> rows = rows(5000);
        long[] growthByThreads = new long[2];
        long compressed = 0;
        for (int threads = 1; threads <= 2; threads++) {
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                IncrementalRowGroupEncoder encoder =
                        new IncrementalRowGroupEncoder(schema, OPTIONS, pool);
                AtomicLong growth = new AtomicLong();
                RowGroupBuffer slice = new RowGroupBuffer(schema, "mem");
                for (int i = 0; i < rows.size(); i++) {
                    slice.append(rows.get(i), i);
                    if (slice.rowCount() == 700 || i == rows.size() - 1) {
                        encoder.feed(slice, growth).join();
                        slice = new RowGroupBuffer(schema, "mem");
                    }
                }
                growthByThreads[threads - 1] = growth.get();
                compressed = encoder.finishRowGroup().join().compressedSize();
            } finally {
                pool.shutdownNow();
            }
        }
        assertThat(growthByThreads[1]).isEqualTo(growthByThreads[0]);
        // Dictionary pages come at the finish and the open page is estimated: close, not equal.
        assertThat((double) growthByThreads[0]).isBetween(0.5 * compressed, 1.5 * compressed);
    }

    @Test
    void finishingAGroupWithoutRowsIsRejected() {
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(TYPE);
        IncrementalRowGroupEncoder encoder =
                new IncrementalRowGroupEncoder(schema, OPTIONS, EncodingContext.CALLER_RUNS);
        assertThatThrownBy(encoder::finishRowGroup)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no rows");
    }

    private static void feed(
            IncrementalRowGroupEncoder encoder,
            ParquetSchema schema,
            List<RowData> rows,
            int sliceRows) {
        List<CompletableFuture<Void>> fed = new ArrayList<>();
        RowGroupBuffer slice = new RowGroupBuffer(schema, "mem");
        for (RowData row : rows) {
            slice.append(row, 0);
            if (slice.rowCount() == sliceRows) {
                fed.add(encoder.feed(slice, new AtomicLong()));
                slice = new RowGroupBuffer(schema, "mem");
            }
        }
        if (slice.rowCount() > 0) {
            fed.add(encoder.feed(slice, new AtomicLong()));
        }
        fed.forEach(CompletableFuture::join);
    }

    private static EncodedRowGroup encodeWhole(ParquetSchema schema, List<RowData> rows)
            throws Exception {
        RowGroupBuffer buffer = new RowGroupBuffer(schema, "mem");
        for (RowData row : rows) {
            buffer.append(row, 0);
        }
        return new TestingWholeGroupEncoder(schema, OPTIONS)
                .encode(buffer, EncodingContext.CALLER_RUNS);
    }

    private static void assertSameChunks(EncodedRowGroup actual, EncodedRowGroup expected) {
        assertThat(actual.rowCount()).isEqualTo(expected.rowCount());
        assertThat(actual.chunks()).hasSameSizeAs(expected.chunks());
        for (int i = 0; i < expected.chunks().size(); i++) {
            EncodedColumnChunk a = actual.chunks().get(i);
            EncodedColumnChunk e = expected.chunks().get(i);
            assertThat(a.dataPages().toByteArray()).isEqualTo(e.dataPages().toByteArray());
            assertThat(a.dictionaryPage().toByteArray())
                    .isEqualTo(e.dictionaryPage().toByteArray());
            assertThat(a.valueCount()).isEqualTo(e.valueCount());
            assertThat(a.statistics()).isEqualTo(e.statistics());
        }
    }

    private static List<RowData> rows(int n) {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Object[] tags = new Object[i % 4];
            for (int j = 0; j < tags.length; j++) {
                tags[j] = j == 1 ? null : i * j;
            }
            rows.add(
                    GenericRowData.of(
                            (long) i,
                            i % 7 == 0 ? null : StringData.fromString("n" + (i % 50)),
                            i % 5 == 0 ? null : new GenericArrayData(tags)));
        }
        return rows;
    }
}
