package io.pqx.format.prune;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.CompareOp;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.RuntimeFilter;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.predicate.StartsWith;
import io.pqx.format.predicate.Ternary;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/**
 * Statistics pruning against brute force, on random files pqx writes (several row groups; nulls,
 * NaN, -0.0 and 0.0; long strings with statistics truncated to 8 bytes; nested fields; sorted,
 * clustered and random rows) and thousands of random predicates (comparisons, IN, IS [NOT] NULL,
 * prefix LIKE, AND/OR/NOT, runtime filters in every state): no row a predicate matches may be in a
 * row group the pruner skips, and every row of a row group it calls ALL_MATCH must match. The seed
 * is printed; rerun one with {@code -Dpqx.seed=<seed>}.
 */
class PruningDifferentialTest {
    private static final int FILES = 8;
    private static final int PREDICATES_PER_FILE = 300;

    private static final RowType NESTED =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("x", DataTypes.INT()),
                                    DataTypes.FIELD("y", DataTypes.STRING()))
                            .getLogicalType();
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("i", DataTypes.INT()),
                                    DataTypes.FIELD("ti", DataTypes.TINYINT()),
                                    DataTypes.FIELD("l", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                    DataTypes.FIELD("f", DataTypes.FLOAT()),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("dec9", DataTypes.DECIMAL(9, 2)),
                                    DataTypes.FIELD("dec30", DataTypes.DECIMAL(30, 4)),
                                    DataTypes.FIELD("day", DataTypes.DATE()),
                                    DataTypes.FIELD("ts", DataTypes.TIMESTAMP(6)),
                                    DataTypes.FIELD("ltz", DataTypes.TIMESTAMP_LTZ(3)),
                                    DataTypes.FIELD("b", DataTypes.BOOLEAN()),
                                    DataTypes.FIELD("tm", DataTypes.TIME(3)),
                                    DataTypes.FIELD("vb", DataTypes.BYTES()),
                                    DataTypes.FIELD(
                                            "n",
                                            DataTypes.ROW(
                                                    DataTypes.FIELD("x", DataTypes.INT()),
                                                    DataTypes.FIELD("y", DataTypes.STRING()))),
                                    DataTypes.FIELD("dn", DataTypes.DOUBLE().notNull()))
                            .getLogicalType();

    /** A column the generator fills and filters on: its pool of literal values. */
    private record Col(String path, LogicalType type, List<Object> pool) {}

    private final List<Col> columns = new ArrayList<>();

    /** One row in this many is null in a nullable column (0: none), chosen per file. */
    private int nullEvery;

    @Test
    void prunesNoMatchingRowAndFullMatchesHoldOnEveryRow() throws Exception {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println(
                "PruningDifferentialTest seed " + seed + " (rerun with -Dpqx.seed=" + seed + ")");
        Random random = new Random(seed);
        long predicates = 0;
        long pairs = 0;
        long skipped = 0;
        long allMatch = 0;
        long truncatedChunks = 0;
        for (int file = 0; file < FILES; file++) {
            buildPools(random);
            nullEvery = new int[] {0, 7, 40}[random.nextInt(3)];
            int rows = 200 + random.nextInt(300);
            List<RowData> written = rows(random, rows, file % 3);
            WriteOptions options =
                    WriteOptions.builder()
                            .rowGroupRows(30 + random.nextInt(70))
                            .statisticsTruncateLength(8)
                            .dictionaryEnabled(random.nextBoolean())
                            .pageRowLimit(20 + random.nextInt(50))
                            .build();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ParquetWriter writer =
                    ParquetWriter.builder(TYPE).options(options).open(out, "mem://diff-" + file)) {
                for (RowData row : written) {
                    writer.write(row);
                }
                writer.finish();
            }
            String context = "seed " + seed + ", file " + file;
            try (ParquetReader reader =
                    ParquetReader.open(
                            new ByteArrayInputFile("diff-" + file, out.toByteArray()),
                            ReadOptions.defaults())) {
                FileMetadataView meta = reader.metadata();
                assertThat(meta.rowGroups().size()).as(context).isGreaterThan(1);
                for (RowGroupView g : meta.rowGroups()) {
                    truncatedChunks +=
                            g.columns().stream()
                                    .filter(
                                            c ->
                                                    c.statistics().hasMinMax()
                                                            && !c.statistics().maxExact())
                                    .count();
                }
                List<Predicate> preds = new ArrayList<>();
                List<SlotValues> slots = new ArrayList<>();
                List<BoundPredicate> bound = new ArrayList<>();
                Verdict[][] verdicts = new Verdict[PREDICATES_PER_FILE][];
                ColumnResolver resolver = ColumnResolver.of(reader.schema().fields());
                for (int p = 0; p < PREDICATES_PER_FILE; p++) {
                    Predicate pred = predicate(random, 3, true);
                    SlotValues slotValues = slotValues(random);
                    preds.add(pred);
                    slots.add(slotValues);
                    bound.add(BoundPredicate.bind(pred, resolver));
                    PruningCounters counters = new PruningCounters();
                    StatisticsPruner pruner =
                            StatisticsPruner.create(
                                    pred, reader.schema().fields(), 1 + random.nextInt(8));
                    verdicts[p] = new Verdict[meta.rowGroups().size()];
                    for (RowGroupView g : meta.rowGroups()) {
                        Verdict v = pruner.verdict(g, slotValues, counters);
                        verdicts[p][g.ordinal()] = v;
                        pairs++;
                        skipped += v == Verdict.NONE_MATCH ? 1 : 0;
                        allMatch += v == Verdict.ALL_MATCH ? 1 : 0;
                    }
                    assertThat(counters.failures())
                            .as(context + ": failures pruning " + pred)
                            .isZero();
                }
                predicates += PREDICATES_PER_FILE;
                long[] groupEnds = new long[meta.rowGroups().size()];
                long end = 0;
                for (RowGroupView g : meta.rowGroups()) {
                    end += g.numRows();
                    groupEnds[g.ordinal()] = end;
                }
                int group = 0;
                long rowIndex = 0;
                try (CloseableIterator<RowData> it = reader.rows(reader.schema())) {
                    while (it.hasNext()) {
                        RowData row = it.next();
                        while (rowIndex >= groupEnds[group]) {
                            group++;
                        }
                        for (int p = 0; p < PREDICATES_PER_FILE; p++) {
                            Ternary result = bound.get(p).evaluate(row, slots.get(p));
                            Verdict v = verdicts[p][group];
                            boolean lost = v == Verdict.NONE_MATCH && result == Ternary.TRUE;
                            boolean falseFull = v == Verdict.ALL_MATCH && result != Ternary.TRUE;
                            if (lost || falseFull) {
                                throw new AssertionError(
                                        (lost ? "lost row: " : "false full match: ")
                                                + context
                                                + ", row group "
                                                + group
                                                + ", row "
                                                + rowIndex
                                                + " "
                                                + written.get((int) rowIndex)
                                                + ": "
                                                + preds.get(p)
                                                + " with "
                                                + slots.get(p)
                                                + " is "
                                                + result
                                                + "; chunk "
                                                + meta.rowGroups().get(group).columns());
                            }
                        }
                        rowIndex++;
                    }
                }
                assertThat(rowIndex).as(context).isEqualTo(rows);
            }
        }
        System.out.printf(
                "PruningDifferentialTest: %d predicates, %d (predicate, row group) pairs,"
                        + " %d skipped, %d all-match, %d truncated chunks%n",
                predicates, pairs, skipped, allMatch, truncatedChunks);
        assertThat(predicates).isGreaterThanOrEqualTo(2000);
        // the test proves something only if pruning happens both ways, and bounds were truncated
        assertThat(skipped).isGreaterThan(pairs / 20);
        assertThat(allMatch).isGreaterThan(pairs / 50);
        assertThat(truncatedChunks).isPositive();
    }

    // ---- data ----

    private void buildPools(Random r) {
        columns.clear();
        List<Object> ints = new ArrayList<>();
        for (int k = 0; k < 12; k++) {
            ints.add(r.nextInt(101) - 50);
        }
        ints.addAll(List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0));
        columns.add(new Col("i", TYPE.getTypeAt(0), ints));
        columns.add(
                new Col(
                        "ti",
                        TYPE.getTypeAt(1),
                        new ArrayList<>(
                                List.of((byte) -128, (byte) -3, (byte) 0, (byte) 7, (byte) 127))));
        List<Object> longs = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            longs.add(r.nextLong() % 1_000_000_000_000L);
        }
        longs.add(0L);
        columns.add(new Col("l", TYPE.getTypeAt(2), longs));
        columns.add(
                new Col(
                        "d",
                        TYPE.getTypeAt(3),
                        new ArrayList<>(
                                List.of(
                                        -2.5,
                                        -1.0,
                                        -0.0,
                                        0.0,
                                        0.5,
                                        1.0,
                                        3.25,
                                        1e300,
                                        Double.NEGATIVE_INFINITY,
                                        Double.POSITIVE_INFINITY))));
        columns.add(
                new Col(
                        "f",
                        TYPE.getTypeAt(4),
                        new ArrayList<>(
                                List.of(-1.5f, -0.0f, 0.0f, 2.0f, 100.25f, Float.MAX_VALUE))));
        List<Object> strings =
                new ArrayList<>(
                        List.of("", "a", "ab", "abc", "abd", "b", "ü", "日本", "\u00ff\u00ff"));
        for (int k = 0; k < 8; k++) {
            StringBuilder sb = new StringBuilder(k % 2 == 0 ? "long-prefix-" : "zz");
            int len = 10 + r.nextInt(50);
            while (sb.length() < len) {
                sb.append((char) ('a' + r.nextInt(3)));
            }
            strings.add(sb.toString());
        }
        columns.add(new Col("s", TYPE.getTypeAt(5), strings));
        List<Object> dec9 = new ArrayList<>();
        List<Object> dec30 = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            dec9.add(BigDecimal.valueOf(r.nextInt(20001) - 10000, 2));
            dec30.add(
                    new BigDecimal(new BigInteger(90, r))
                            .movePointLeft(4)
                            .multiply(BigDecimal.valueOf(r.nextBoolean() ? 1 : -1)));
        }
        columns.add(new Col("dec9", TYPE.getTypeAt(6), dec9));
        columns.add(new Col("dec30", TYPE.getTypeAt(7), dec30));
        List<Object> days = new ArrayList<>();
        List<Object> stamps = new ArrayList<>();
        List<Object> instants = new ArrayList<>();
        List<Object> times = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            days.add(LocalDate.of(1969, 12, 25).plusDays(r.nextInt(20)));
            stamps.add(
                    LocalDateTime.of(1969, 12, 31, 23, 59)
                            .plusNanos(r.nextInt(120_000_000) * 1000L));
            instants.add(Instant.ofEpochMilli(r.nextInt(2_000_000) - 1_000_000));
            times.add(LocalTime.ofNanoOfDay(r.nextInt(86_400_000) * 1_000_000L));
        }
        columns.add(new Col("day", TYPE.getTypeAt(8), days));
        columns.add(new Col("ts", TYPE.getTypeAt(9), stamps));
        columns.add(new Col("ltz", TYPE.getTypeAt(10), instants));
        columns.add(new Col("b", TYPE.getTypeAt(11), new ArrayList<>(List.of(true, false))));
        columns.add(new Col("tm", TYPE.getTypeAt(12), times));
        columns.add(
                new Col(
                        "vb",
                        TYPE.getTypeAt(13),
                        new ArrayList<>(
                                List.of(
                                        new byte[0],
                                        new byte[] {0},
                                        new byte[] {1, 2},
                                        new byte[] {(byte) 0xff},
                                        new byte[] {(byte) 0x80, 1}))));
        columns.add(new Col("n.x", NESTED.getTypeAt(0), ints));
        columns.add(new Col("n.y", NESTED.getTypeAt(1), strings));
        columns.add(new Col("dn", TYPE.getTypeAt(15), columns.get(3).pool()));
    }

    /** Rows in one of three layouts: 0 random, 1 sorted by i, 2 clustered by position. */
    private List<RowData> rows(Random r, int count, int layout) {
        List<RowData> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            GenericRowData row = new GenericRowData(TYPE.getFieldCount());
            double position = layout == 2 ? (double) k / count : -1;
            for (int c = 0; c < 14; c++) {
                row.setField(c, value(r, columns.get(c), position));
            }
            GenericRowData nested =
                    nullEvery > 0 && r.nextInt(nullEvery) == 0 ? null : new GenericRowData(2);
            if (nested != null) {
                nested.setField(0, value(r, columns.get(14), position));
                nested.setField(1, value(r, columns.get(15), position));
            }
            row.setField(14, nested);
            row.setField(15, value(r, columns.get(16), position));
            out.add(row);
        }
        if (layout == 1) {
            out.sort(
                    Comparator.comparing(
                            (RowData row) -> row.isNullAt(0) ? Integer.MIN_VALUE : row.getInt(0)));
        }
        return out;
    }

    /** A value of the column as the row holds it; near {@code position} of the pool when >= 0. */
    private Object value(Random r, Col col, double position) {
        if (col.type().isNullable() && nullEvery > 0 && r.nextInt(nullEvery) == 0) {
            return null;
        }
        boolean floating = List.of("d", "dn", "f").contains(col.path());
        if (floating && r.nextInt(15) == 0) {
            return col.path().equals("f") ? (Object) Float.NaN : (Object) Double.NaN;
        }
        List<Object> pool = new ArrayList<>(col.pool());
        int index;
        if (position >= 0) {
            pool.sort((a, b) -> compareLiterals(a, b));
            index =
                    Math.min(
                            pool.size() - 1,
                            Math.max(0, (int) (position * pool.size()) + r.nextInt(3) - 1));
        } else {
            index = r.nextInt(pool.size());
        }
        return internal(pool.get(index), col.type());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareLiterals(Object a, Object b) {
        if (a instanceof byte[] x) {
            return Arrays.compareUnsigned(x, (byte[]) b);
        }
        return ((Comparable) a).compareTo(b);
    }

    private static Object internal(Object literal, LogicalType type) {
        return switch (type.getTypeRoot()) {
            case VARCHAR, CHAR -> StringData.fromString((String) literal);
            case DECIMAL ->
                    DecimalData.fromBigDecimal(
                            (BigDecimal) literal,
                            ((DecimalType) type).getPrecision(),
                            ((DecimalType) type).getScale());
            case DATE -> (int) ((LocalDate) literal).toEpochDay();
            case TIMESTAMP_WITHOUT_TIME_ZONE ->
                    TimestampData.fromLocalDateTime((LocalDateTime) literal);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TimestampData.fromInstant((Instant) literal);
            case TIME_WITHOUT_TIME_ZONE -> (int) (((LocalTime) literal).toNanoOfDay() / 1_000_000);
            default -> literal;
        };
    }

    // ---- predicates ----

    private Predicate predicate(Random r, int depth, boolean slotAllowed) {
        int pick = r.nextInt(10);
        if (depth == 0 || pick < 5) {
            return leaf(r, slotAllowed);
        }
        if (pick == 9) {
            return Predicates.not(predicate(r, depth - 1, false));
        }
        int n = 2 + r.nextInt(2);
        List<Predicate> children = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            children.add(predicate(r, depth - 1, slotAllowed));
        }
        return pick < 8 ? Predicates.and(children) : Predicates.or(children);
    }

    private Predicate leaf(Random r, boolean slotAllowed) {
        Col col = columns.get(r.nextInt(columns.size()));
        ColumnRef ref = ColumnRef.parse(col.path());
        int kind = r.nextInt(100);
        if (kind < 6 && slotAllowed) {
            return Predicates.slot("rf", "i");
        }
        if (kind < 8) {
            return r.nextBoolean() ? Predicates.alwaysTrue() : Predicates.alwaysFalse();
        }
        if (kind < 18) {
            return Predicates.isNull(col.path());
        }
        if (kind < 24) {
            return Predicates.isNotNull(col.path());
        }
        boolean string = col.type().getTypeRoot() == LogicalTypeRoot.VARCHAR;
        if (kind < 36 && string) {
            String s = (String) pick(r, col);
            return new StartsWith(ref, s.substring(0, r.nextInt(s.length() + 1)));
        }
        if (kind < 50) {
            int n = 1 + r.nextInt(6);
            List<Object> values = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                values.add(pick(r, col));
            }
            return Predicates.in(ref, values);
        }
        CompareOp op = CompareOp.values()[r.nextInt(CompareOp.values().length)];
        Predicate comparison = Predicates.compare(ref, op, pick(r, col));
        // the form full-match inference must see through: a comparison or the column being null
        return kind < 60 ? Predicates.or(comparison, Predicates.isNull(col.path())) : comparison;
    }

    private static Object pick(Random r, Col col) {
        return col.pool().get(r.nextInt(col.pool().size()));
    }

    private SlotValues slotValues(Random r) {
        ColumnRef i = ColumnRef.parse("i");
        List<Object> pool = columns.get(0).pool();
        int a = (Integer) pool.get(r.nextInt(pool.size()));
        int b = (Integer) pool.get(r.nextInt(pool.size()));
        Set<Object> keys = new HashSet<>();
        for (int k = 0; k < 4; k++) {
            keys.add(pool.get(r.nextInt(pool.size())));
        }
        Function<Object, Boolean> member = keys::contains;
        return switch (r.nextInt(6)) {
            case 0 -> SlotValues.none();
            case 1 -> SlotValues.none().with("rf", RuntimeFilter.pending(i));
            case 2 -> SlotValues.none().with("rf", RuntimeFilter.disabled(i));
            case 3 -> SlotValues.none().with("rf", RuntimeFilter.empty(i));
            case 4 ->
                    SlotValues.none()
                            .with("rf", RuntimeFilter.range(i, Math.min(a, b), Math.max(a, b)));
            default ->
                    SlotValues.none()
                            .with(
                                    "rf",
                                    RuntimeFilter.range(
                                            i, Math.min(a, b), Math.max(a, b), member::apply));
        };
    }
}
