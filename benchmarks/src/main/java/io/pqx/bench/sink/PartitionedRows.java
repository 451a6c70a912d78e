package io.pqx.bench.sink;

import java.util.SplittableRandom;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * The rows of the {@code sink} suite's partitioned cases, generated from their index as the job
 * runs (nothing is held in memory): 16 NOT NULL columns, {@code id BIGINT} (the index, what {@link
 * CommittedIds} checks), the partition column {@code p INT} ({@code id mod P}: rows interleaved
 * over the partitions row by row), three more BIGINTs, four DOUBLEs, three INTs and four STRINGs
 * (one of 32 words, three of 16 to 79 characters cut from a random text, so their dictionaries do
 * not pay off). About 225 raw bytes a row ({@link #meanRawBytes()}). Stateless.
 */
final class PartitionedRows {

    /** Position of {@code id}. */
    static final int ID = 0;

    /** Position of the partition column {@code p}. */
    static final int PARTITION = 1;

    /** Name of the partition column. */
    static final String PARTITION_COLUMN = "p";

    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new IntType(false),
                        new BigIntType(false),
                        new BigIntType(false),
                        new BigIntType(false),
                        new DoubleType(false),
                        new DoubleType(false),
                        new DoubleType(false),
                        new DoubleType(false),
                        new IntType(false),
                        new IntType(false),
                        new IntType(false),
                        new VarCharType(false, VarCharType.MAX_LENGTH),
                        new VarCharType(false, VarCharType.MAX_LENGTH),
                        new VarCharType(false, VarCharType.MAX_LENGTH),
                        new VarCharType(false, VarCharType.MAX_LENGTH)
                    },
                    new String[] {
                        "id",
                        PARTITION_COLUMN,
                        "l1",
                        "l2",
                        "l3",
                        "d1",
                        "d2",
                        "d3",
                        "d4",
                        "i1",
                        "i2",
                        "i3",
                        "s1",
                        "s2",
                        "s3",
                        "s4"
                    });

    private static final int TEXT_LENGTH = 1 << 16;
    private static final String TEXT = randomText();

    private PartitionedRows() {}

    /** A bounded source of rows {@code 0..rows-1} over {@code partitions}, as fast as it can. */
    static DataGeneratorSource<RowData> source(long rows, int partitions) {
        return new DataGeneratorSource<>(
                new Generator(partitions), rows, InternalTypeInfo.of(TYPE));
    }

    /**
     * A bounded source of rows {@code 0..rows-1} over {@code partitions} at {@code rowsPerSecond}
     * in all (split evenly over the source's subtasks).
     */
    static DataGeneratorSource<RowData> source(long rows, int partitions, double rowsPerSecond) {
        return new DataGeneratorSource<>(
                new Generator(partitions),
                rows,
                RateLimiterStrategy.perSecond(rowsPerSecond),
                InternalTypeInfo.of(TYPE));
    }

    /** Row {@code index} over {@code partitions} partitions. */
    static RowData row(long index, int partitions) {
        long h = mix(index);
        long g = mix(h);
        int at = (int) ((h >>> 8) & (TEXT_LENGTH - 128));
        return GenericRowData.of(
                index,
                (int) (index % partitions),
                h,
                index * 31 + 7,
                g & 0xFFFFFFL,
                (h >>> 11) * 0x1.0p-53,
                index * 0.25,
                (g >>> 11) * 0x1.0p-53 * 1e6,
                (double) (g & 0xFFFF),
                (int) h,
                (int) (index % 1000),
                (int) (g >>> 40),
                StringData.fromString("word-" + (h & 31)),
                text(at, 16 + (int) ((g >>> 3) & 63)),
                text(at + 5, 16 + (int) ((g >>> 9) & 63)),
                text(at + 11, 16 + (int) ((g >>> 17) & 63)));
    }

    /** Mean raw bytes of a row (8 per BIGINT and DOUBLE, 4 per INT, a string's characters). */
    static double meanRawBytes() {
        long bytes = 0;
        int sample = 10_000;
        for (int i = 0; i < sample; i++) {
            RowData row = row(i, 1);
            bytes += 3 * 4 + 4 + 8 + 3 * 8 + 4 * 8;
            for (int s = 12; s < 16; s++) {
                bytes += row.getString(s).toBytes().length;
            }
        }
        return (double) bytes / sample;
    }

    private static StringData text(int from, int length) {
        return StringData.fromString(TEXT.substring(from, from + length));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L + 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private static String randomText() {
        SplittableRandom random = new SplittableRandom(12);
        StringBuilder text = new StringBuilder(TEXT_LENGTH);
        for (int i = 0; i < TEXT_LENGTH; i++) {
            text.append((char) ('a' + random.nextInt(26)));
        }
        return text.toString();
    }

    /** Index to row. */
    private static final class Generator implements GeneratorFunction<Long, RowData> {
        private static final long serialVersionUID = 1L;
        private final int partitions;

        Generator(int partitions) {
            this.partitions = partitions;
        }

        @Override
        public RowData map(Long index) {
            return row(index, partitions);
        }
    }
}
