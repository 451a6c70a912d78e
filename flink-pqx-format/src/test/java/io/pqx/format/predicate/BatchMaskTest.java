package io.pqx.format.predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * {@link BoundPredicate#mask} (evaluated a batch at a time, on typed vectors where it can) against
 * {@link BoundPredicate#test} row by row, on batches pqx decoded: random predicates over BIGINT,
 * INT, SMALLINT, DOUBLE (NaN, -0.0), FLOAT, VARCHAR, DATE (typed) and DECIMAL, nested ROW fields
 * and runtime-filter slots (row by row), with nulls, under NOT, AND and OR, and ANDs of comparisons
 * of one integer-like column (one range check; literals up to {@code Long.MIN_VALUE} and {@code
 * MAX_VALUE}). The form that writes into the caller's mask, with one scratch reused by every
 * predicate and batch, must agree with it, over a mask holding anything. Seeded; the seed is
 * printed.
 */
class BatchMaskTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("l", DataTypes.BIGINT()),
                                    DataTypes.FIELD("i", DataTypes.INT()),
                                    DataTypes.FIELD("sm", DataTypes.SMALLINT()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                    DataTypes.FIELD("f", DataTypes.FLOAT()),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("dt", DataTypes.DATE()),
                                    DataTypes.FIELD("dec", DataTypes.DECIMAL(10, 2)),
                                    DataTypes.FIELD(
                                            "r",
                                            DataTypes.ROW(
                                                    DataTypes.FIELD("x", DataTypes.BIGINT()))))
                            .getLogicalType();
    private static final String[] WORDS = {"", "a", "ab", "abc", "b", "ümlaut", "zz"};
    private static final double[] DOUBLES = {-1.5, -0.0, 0.0, 1.0, 2.5, Double.NaN};

    @Test
    void batchMasksEqualRowByRowEvaluation() throws Exception {
        long seed = Long.getLong("pqx.seed", new Random().nextLong());
        System.out.println("BatchMaskTest seed " + seed);
        Random random = new Random(seed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(WriteOptions.defaults())
                        .open(out, "mem://mask")) {
            for (int n = 0; n < 700; n++) {
                writer.write(
                        GenericRowData.of(
                                nullOr(random, (long) random.nextInt(9) - 4),
                                nullOr(random, random.nextInt(9) - 4),
                                nullOr(random, (short) (random.nextInt(9) - 4)),
                                nullOr(random, DOUBLES[random.nextInt(DOUBLES.length)]),
                                nullOr(random, (float) DOUBLES[random.nextInt(DOUBLES.length)]),
                                nullOr(
                                        random,
                                        StringData.fromString(WORDS[random.nextInt(WORDS.length)])),
                                nullOr(random, random.nextInt(5)),
                                nullOr(
                                        random,
                                        DecimalData.fromBigDecimal(
                                                BigDecimal.valueOf(random.nextInt(9) - 4, 1),
                                                10,
                                                2)),
                                nullOr(
                                        random,
                                        GenericRowData.of(
                                                nullOr(random, (long) random.nextInt(5))))));
            }
            writer.finish();
        }
        int checked = 0;
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile("mask", out.toByteArray()),
                        ReadOptions.builder().batchSize(97).build())) {
            ColumnResolver resolver = ColumnResolver.of(reader.schema().fields());
            boolean[] reused = new boolean[97 + 3];
            MaskScratch scratch = new MaskScratch(); // shared by every predicate and batch
            for (int p = 0; p < 1500; p++) {
                Predicate predicate = predicate(random, 3, true);
                SlotValues slots =
                        random.nextBoolean()
                                ? SlotValues.none()
                                : SlotValues.none()
                                        .with(
                                                "rf",
                                                RuntimeFilter.range(
                                                        Predicates.column("l"), -1L, 2L));
                BoundPredicate bound = BoundPredicate.bind(predicate, resolver);
                try (BatchIterator batches = reader.batches(reader.schema())) {
                    while (batches.hasNext()) {
                        ParquetBatch batch = batches.next();
                        boolean[] mask = bound.mask(batch.columnBatch(), slots);
                        assertThat(mask).hasSize(batch.numRows());
                        // the reusing form must set every entry, whatever the arrays held before
                        for (int i = 0; i < reused.length; i++) {
                            reused[i] = random.nextBoolean();
                        }
                        bound.mask(batch.columnBatch(), slots, reused, scratch);
                        assertThat(Arrays.copyOf(reused, batch.numRows()))
                                .as("seed %d: %s into reused arrays", seed, predicate)
                                .isEqualTo(mask);
                        for (int i = 0; i < batch.numRows(); i++) {
                            boolean expected =
                                    bound.test(new ColumnarRowData(batch.columnBatch(), i), slots);
                            if (mask[i] != expected) {
                                throw new AssertionError(
                                        "seed "
                                                + seed
                                                + ": "
                                                + predicate
                                                + " on row "
                                                + batch.rowPosition(i)
                                                + ": mask "
                                                + mask[i]
                                                + ", row "
                                                + expected);
                            }
                            checked++;
                        }
                    }
                }
            }
        }
        assertThat(checked).isEqualTo(1500 * 700);
    }

    @Test
    void masksShorterThanTheBatchAreRefused() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE).options(WriteOptions.defaults()).open(out, "mem://m")) {
            for (int n = 0; n < 10; n++) {
                writer.write(
                        GenericRowData.of((long) n, n, null, null, null, null, null, null, null));
            }
            writer.finish();
        }
        try (ParquetReader reader =
                        ParquetReader.open(
                                new ByteArrayInputFile("m", out.toByteArray()),
                                ReadOptions.defaults());
                BatchIterator batches = reader.batches(reader.schema())) {
            BoundPredicate bound =
                    BoundPredicate.bind(
                            Predicates.greaterThan("l", 3L),
                            ColumnResolver.of(reader.schema().fields()));
            ParquetBatch batch = batches.next();
            assertThatThrownBy(
                            () ->
                                    bound.mask(
                                            batch.columnBatch(),
                                            SlotValues.none(),
                                            new boolean[9],
                                            new MaskScratch()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("A mask of 9 rows cannot hold a batch of 10");
        }
    }

    @Test
    void comparisonRangesDoNotWrapAtTheExtremes() {
        assertThat(BatchEvaluation.range(CompareOp.LT, Long.MIN_VALUE)).containsExactly(1, 0);
        assertThat(BatchEvaluation.range(CompareOp.GT, Long.MAX_VALUE)).containsExactly(1, 0);
        assertThat(BatchEvaluation.range(CompareOp.LE, Long.MAX_VALUE))
                .containsExactly(Long.MIN_VALUE, Long.MAX_VALUE);
        assertThat(BatchEvaluation.range(CompareOp.GE, Long.MIN_VALUE))
                .containsExactly(Long.MIN_VALUE, Long.MAX_VALUE);
        assertThat(BatchEvaluation.range(CompareOp.LT, 5)).containsExactly(Long.MIN_VALUE, 4);
        assertThat(BatchEvaluation.range(CompareOp.GT, 5)).containsExactly(6, Long.MAX_VALUE);
        assertThat(BatchEvaluation.range(CompareOp.EQ, -3)).containsExactly(-3, -3);
    }

    private static <T> T nullOr(Random random, T value) {
        return random.nextInt(6) == 0 ? null : value;
    }

    /** A random predicate; a runtime-filter slot only where no NOT is above it. */
    private static Predicate predicate(Random r, int depth, boolean slotAllowed) {
        int pick = r.nextInt(10);
        if (depth == 0 || pick < 5) {
            return leaf(r, slotAllowed);
        }
        if (pick == 5) {
            return Predicates.not(predicate(r, depth - 1, false));
        }
        List<Predicate> children = new ArrayList<>();
        for (int c = 0; c < 2 + r.nextInt(2); c++) {
            children.add(predicate(r, depth - 1, slotAllowed));
        }
        return pick < 8 ? Predicates.and(children) : Predicates.or(children);
    }

    private static Predicate leaf(Random r, boolean slotAllowed) {
        String[] columns = {"l", "i", "sm", "d", "f", "s", "dt", "dec", "r.x"};
        String column = columns[r.nextInt(columns.length)];
        int kind = r.nextInt(20);
        if (kind == 0) {
            return Predicates.isNull(column);
        }
        if (kind == 1) {
            return Predicates.isNotNull(column);
        }
        if (kind == 2 && slotAllowed) {
            return Predicates.slot("rf", "l");
        }
        if (kind >= 17 && !List.of("s", "d", "f", "dec").contains(column)) {
            // comparisons of one integer-like column under one AND: evaluated as one range
            List<Predicate> comparisons = new ArrayList<>();
            for (int c = 0; c < 2 + r.nextInt(2); c++) {
                CompareOp op = CompareOp.values()[r.nextInt(CompareOp.values().length)];
                comparisons.add(
                        Predicates.compare(Predicates.column(column), op, literal(r, column)));
            }
            if (r.nextBoolean()) {
                comparisons.add(leaf(r, false));
            }
            return Predicates.and(comparisons);
        }
        if (kind == 3 && column.equals("s")) {
            return Predicates.startsWith("s", WORDS[r.nextInt(WORDS.length)]);
        }
        if (kind < 7) {
            List<Object> values = new ArrayList<>();
            for (int v = 0; v < 1 + r.nextInt(3); v++) {
                values.add(literal(r, column));
            }
            return Predicates.in(Predicates.column(column), values);
        }
        CompareOp op = CompareOp.values()[r.nextInt(CompareOp.values().length)];
        return Predicates.compare(Predicates.column(column), op, literal(r, column));
    }

    private static Object literal(Random r, String column) {
        return switch (column) {
            // the extremes too: a range's bound one past them must not wrap around
            case "l", "r.x" ->
                    r.nextInt(12) == 0
                            ? (r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE)
                            : (long) r.nextInt(9) - 4;
            case "i" -> r.nextInt(9) - 4;
            case "sm" -> (short) (r.nextInt(9) - 4);
            case "d", "f" -> DOUBLES[r.nextInt(DOUBLES.length - 1)];
            case "s" -> WORDS[r.nextInt(WORDS.length)];
            case "dt" -> LocalDate.ofEpochDay(r.nextInt(5));
            default -> BigDecimal.valueOf(r.nextInt(9) - 4, 1);
        };
    }
}
