package io.pqx.sink.heap;

import java.util.SplittableRandom;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * The 16-column rows of the wide-partition heap jobs: {@code id BIGINT NOT NULL} (the row's index,
 * what the checks count), the partition column {@code p INT NOT NULL} ({@code id mod P}, so the
 * rows are interleaved over the partitions row by row), three more BIGINTs, four DOUBLEs, three
 * INTs and four STRINGs (one of 40 words, and three of 8 to 40 characters cut from a random text,
 * which keeps their dictionaries from paying off, as real payload would). About 150 raw bytes a
 * row. Every value is a function of the index alone; stateless.
 */
public final class TestingWideRows {

    /** Index of the {@code id} column. */
    public static final int ID = 0;

    /** Index of the partition column {@code p}. */
    public static final int PARTITION = 1;

    public static final RowType TYPE =
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
                        "id", "p", "l1", "l2", "l3", "d1", "d2", "d3", "d4", "i1", "i2", "i3", "s1",
                        "s2", "s3", "s4"
                    });

    private static final int TEXT_LENGTH = 1 << 16;
    private static final String TEXT = randomText();

    private TestingWideRows() {}

    /** The generator of rows {@code 0..n-1} over {@code partitions} partitions. */
    public static GeneratorFunction<Long, RowData> generator(int partitions) {
        return new Generator(partitions);
    }

    /** Row {@code index} of the job over {@code partitions} partitions. */
    public static RowData row(long index, int partitions) {
        long h = mix(index);
        long g = mix(h);
        int at = (int) ((h >>> 8) & (TEXT_LENGTH - 64));
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
                StringData.fromString(TEXT.substring(at, at + 8 + (int) ((g >>> 3) & 31))),
                StringData.fromString(TEXT.substring(at + 3, at + 11 + (int) ((g >>> 9) & 31))),
                StringData.fromString(TEXT.substring(at + 7, at + 15 + (int) ((g >>> 17) & 31))));
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
