package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.CompareOp;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.discovery.FileDiscovery;
import io.pqx.source.planning.FooterPlanning;
import io.pqx.source.planning.PlannedFile;
import io.pqx.source.planning.SplitPlanner;
import io.pqx.source.pruning.FooterCache;
import io.pqx.source.pruning.PredicatePruning;
import io.pqx.source.pruning.PruningMetrics;
import io.pqx.source.split.RowGroupSplit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source's pruning and row filter against brute force: random files (sorted, clustered or
 * random columns, nulls, NaN and -0.0, several row groups, Hive partitions with a default
 * partition) and random predicates (partition columns, columns only the filter reads, nulls): the
 * rows the source emits (files pruned by partition, row groups by statistics, ALL_MATCH row groups
 * unfiltered, the rest filtered) are exactly the rows of all the data on which the predicate is
 * TRUE. Seeded; the seed is printed ({@code -Dpqx.seed=...} replays it).
 */
class PredicateDifferentialTest {
    private static final int PREDICATES = 400;

    /** In the files. */
    static final RowType FILE_TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new IntType(),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new DoubleType()
                    },
                    new String[] {"id", "a", "s", "x"});

    /** Requested: the file's columns and the partition columns day (STRING) and n (INT). */
    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new IntType(),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new DoubleType(),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new IntType()
                    },
                    new String[] {"id", "a", "s", "x", "day", "n"});

    /** Emitted: id, s, day (a, x and n are read for the filter only when it names them). */
    static final RowType PRODUCED =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "s", "day"});

    @TempDir java.nio.file.Path dir;

    @Test
    void emittedRowsAreExactlyTheRowsThePredicateIsTrueOn() throws Exception {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println(
                "PredicateDifferentialTest seed: "
                        + seed
                        + " (replay with -Dpqx.seed="
                        + seed
                        + ")");
        Random random = new Random(seed);
        List<GenericRowData> all = writeFiles(random);
        List<DiscoveredFile> files = new FileDiscovery(List.of(new Path(dir.toUri()))).list();
        assertThat(files).hasSizeGreaterThan(3);

        BoundPredicate[] brute = new BoundPredicate[1];
        ExecutorService pool = Executors.newFixedThreadPool(2);
        PruningMetrics metrics = PruningMetrics.unregistered();
        ReaderMetrics readerMetrics = ReaderMetrics.unregistered();
        long emittedTotal = 0;
        try {
            for (int p = 0; p < PREDICATES; p++) {
                Predicate predicate = predicate(random, 3);
                String context = "seed " + seed + ", predicate " + p + ": " + predicate;
                brute[0] = BoundPredicate.bind(predicate, ColumnResolver.of(TYPE));
                List<String> expected = new ArrayList<>();
                for (GenericRowData row : all) {
                    if (brute[0].test(row, SlotValues.none())) {
                        expected.add(
                                describe(
                                        row.getLong(0),
                                        row.isNullAt(2) ? null : row.getString(2),
                                        row.getString(4)));
                    }
                }
                FooterPlanning planning =
                        new FooterPlanning(
                                pool,
                                new FooterCache<>(16),
                                new SplitPlanner(1 + random.nextInt(3000)),
                                ReadOptions.defaults(),
                                new PredicatePruning(
                                        predicate,
                                        TYPE,
                                        List.of("day", "n"),
                                        random.nextInt(5),
                                        metrics));
                List<RowGroupSplit> splits = new ArrayList<>();
                for (PlannedFile f : planning.plan(files)) {
                    splits.addAll(f.splits());
                }
                List<String> actual = read(settings(predicate, random), splits, readerMetrics);
                assertThat(actual).as(context).containsExactlyInAnyOrderElementsOf(expected);
                emittedTotal += actual.size();
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println(
                "PredicateDifferentialTest: "
                        + PREDICATES
                        + " predicates, "
                        + emittedTotal
                        + " rows emitted; files pruned by partition "
                        + metrics.filesPrunedByPartition()
                        + ", by statistics "
                        + metrics.filesPrunedByStatistics()
                        + "; row groups pruned "
                        + metrics.rowGroupsPrunedByStatistics()
                        + ", fully matched "
                        + metrics.rowGroupsFullyMatched()
                        + "; rows decoded "
                        + readerMetrics.rowsDecoded()
                        + ", filtered out "
                        + readerMetrics.rowsFiltered()
                        + ", fully matched "
                        + readerMetrics.rowsFullyMatched());
        // the comparison is not vacuous: every kind of pruning happened
        assertThat(metrics.filesPrunedByPartition()).as("seed " + seed).isPositive();
        assertThat(metrics.rowGroupsPrunedByStatistics()).as("seed " + seed).isPositive();
        assertThat(metrics.rowGroupsFullyMatched()).as("seed " + seed).isPositive();
        assertThat(readerMetrics.rowsFiltered()).as("seed " + seed).isPositive();
        assertThat(emittedTotal).as("seed " + seed).isPositive();
    }

    private static ReaderSettings settings(Predicate predicate, Random random) {
        List<RowType.RowField> read = new ArrayList<>(PRODUCED.getFields());
        for (ColumnRef ref : predicate.columns()) {
            String name = ref.path().get(0);
            if (read.stream().noneMatch(f -> f.getName().equals(name))) {
                read.add(TYPE.getFields().get(TYPE.getFieldIndex(name)));
            }
        }
        RowType readType = new RowType(read);
        List<String> keys = new ArrayList<>();
        for (String key : List.of("day", "n")) {
            if (readType.getFieldNames().contains(key)) {
                keys.add(key);
            }
        }
        // late materialization on or off: the same rows
        return new ReaderSettings(
                ReaderSettings.Rows.filtered(PRODUCED, keys, readType, predicate),
                new ReaderSettings.Decoding(
                        16 + random.nextInt(100),
                        true,
                        4,
                        random.nextBoolean(),
                        random.nextBoolean()),
                Long.MAX_VALUE);
    }

    private static List<String> read(
            ReaderSettings settings, List<RowGroupSplit> splits, ReaderMetrics metrics)
            throws Exception {
        List<String> out = new ArrayList<>();
        if (splits.isEmpty()) {
            return out;
        }
        try (PqxSplitReader reader = new PqxSplitReader(settings, metrics, new LiveSlots())) {
            reader.handleSplitsChanges(new SplitsAddition<>(splits));
            int finished = 0;
            for (int fetches = 0; fetches < 1_000_000 && finished < splits.size(); fetches++) {
                RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
                while (records.nextSplit() != null) {
                    RowAtPosition r;
                    while ((r = records.nextRecordFromSplit()) != null) {
                        RowData row = r.row;
                        assertThat(row.getArity()).isEqualTo(PRODUCED.getFieldCount());
                        out.add(
                                describe(
                                        row.getLong(0),
                                        row.isNullAt(1) ? null : row.getString(1),
                                        row.getString(2)));
                    }
                }
                records.recycle();
                finished += records.finishedSplits().size();
            }
            assertThat(finished).isEqualTo(splits.size());
        }
        return out;
    }

    private static String describe(long id, StringData s, StringData day) {
        return id + "|" + s + "|" + day;
    }

    /**
     * Writes 6 to 9 files under day=/n= directories; returns every row with its partition values.
     */
    private List<GenericRowData> writeFiles(Random random) throws Exception {
        List<GenericRowData> all = new ArrayList<>();
        int files = 6 + random.nextInt(4);
        long id = 0;
        String[] days = {"d0", "d1", "d2"};
        String[] ns = {"0", "1", "__DEFAULT_PARTITION__"};
        for (int f = 0; f < files; f++) {
            String day = days[random.nextInt(days.length)];
            String n = ns[random.nextInt(ns.length)];
            int rows = 200 + random.nextInt(600);
            int layout = random.nextInt(3); // 0 sorted, 1 clustered, 2 random
            List<RowData> fileRows = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                Integer a =
                        random.nextInt(10) == 0
                                ? null
                                : switch (layout) {
                                    case 0 -> i;
                                    case 1 -> i / 50 * 10 + random.nextInt(10);
                                    default -> random.nextInt(1000);
                                };
                StringData s =
                        random.nextInt(8) == 0
                                ? null
                                : StringData.fromString(
                                        layout == 0
                                                ? String.format("k%04d", i)
                                                : ""
                                                        + (char) ('a' + random.nextInt(6))
                                                        + random.nextInt(100));
                Double x =
                        random.nextInt(10) == 0
                                ? null
                                : switch (random.nextInt(20)) {
                                    case 0 -> Double.NaN;
                                    case 1 -> -0.0;
                                    case 2 -> 0.0;
                                    default ->
                                            layout == 0 ? i * 0.5 : random.nextInt(400) * 0.5 - 100;
                                };
                fileRows.add(GenericRowData.of(id, a, s, x));
                all.add(
                        GenericRowData.of(
                                id,
                                a,
                                s,
                                x,
                                StringData.fromString(day),
                                n.startsWith("__") ? null : Integer.parseInt(n)));
                id++;
            }
            TestingSourceFiles.write(
                    dir.resolve("day=" + day + "/n=" + n + "/f" + f + ".parquet"),
                    FILE_TYPE,
                    fileRows,
                    40 + random.nextInt(120));
        }
        return all;
    }

    private static Predicate predicate(Random random, int depth) {
        int kind = random.nextInt(depth > 0 ? 10 : 7);
        if (kind >= 7) {
            List<Predicate> children = new ArrayList<>();
            int n = 2 + random.nextInt(2);
            for (int i = 0; i < n; i++) {
                children.add(predicate(random, depth - 1));
            }
            return switch (kind) {
                case 7 -> Predicates.and(children);
                case 8 -> Predicates.or(children);
                default -> Predicates.not(children.get(0));
            };
        }
        String column = List.of("id", "a", "s", "x", "day", "n").get(random.nextInt(6));
        ColumnRef ref = Predicates.column(column);
        return switch (kind) {
            case 0 -> Predicates.isNull(column);
            case 1 -> Predicates.isNotNull(column);
            case 2 -> {
                List<Object> values = new ArrayList<>();
                int n = 1 + random.nextInt(6);
                for (int i = 0; i < n; i++) {
                    values.add(literal(column, random));
                }
                yield Predicates.in(ref, values);
            }
            case 3 ->
                    column.equals("s") || column.equals("day")
                            ? Predicates.startsWith(column, prefix(column, random))
                            : Predicates.compare(ref, op(random), literal(column, random));
            default -> Predicates.compare(ref, op(random), literal(column, random));
        };
    }

    private static CompareOp op(Random random) {
        CompareOp[] ops = CompareOp.values();
        return ops[random.nextInt(ops.length)];
    }

    private static String prefix(String column, Random random) {
        if (column.equals("day")) {
            return random.nextBoolean() ? "d" : "d" + random.nextInt(3);
        }
        return switch (random.nextInt(3)) {
            case 0 -> "k0" + random.nextInt(10);
            case 1 -> "" + (char) ('a' + random.nextInt(6));
            default -> "" + (char) ('a' + random.nextInt(6)) + random.nextInt(10);
        };
    }

    private static Object literal(String column, Random random) {
        return switch (column) {
            case "id" -> (long) random.nextInt(5000);
            case "a" -> random.nextInt(1100) - 50;
            case "x" ->
                    switch (random.nextInt(6)) {
                        case 0 -> -0.0;
                        case 1 -> 0.0;
                        default -> random.nextInt(500) * 0.5 - 100;
                    };
            case "n" -> random.nextInt(3) - 1;
            case "day" -> "d" + random.nextInt(4);
            default ->
                    random.nextBoolean()
                            ? String.format("k%04d", random.nextInt(800))
                            : "" + (char) ('a' + random.nextInt(6)) + random.nextInt(100);
        };
    }
}
