package io.pqx.e2e.interop.format.prune;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetScan;
import io.pqx.format.ParquetWriter;
import io.pqx.format.ReadSchema;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.BloomFilterView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
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
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.BloomFilterPruner;
import io.pqx.format.prune.BloomFilterSource;
import io.pqx.format.prune.PageIndexPruner;
import io.pqx.format.prune.PageIndexSource;
import io.pqx.format.prune.PruningCounters;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.format.prune.StatisticsPruner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * All pruners against pruning off and against brute force: generated files, sorted, clustered and
 * random, with nulls (and pages of nulls), NaN, -0.0 and 0.0, strings longer than the 64-byte index
 * truncation, several row groups and 50-row pages, bloom filters on some columns, each written by
 * pqx, by parquet-java and by DuckDB; and at least 10,000 random predicates ({@code = <> < <= >
 * >=}, IN, IS [NOT] NULL, prefix LIKE, AND/OR/NOT and a runtime filter slot in every state).
 *
 * <p>Per predicate and file, three sets of rows must be equal: with every pruner on (statistics,
 * then bloom filters, then page indexes, then the selection read with the offset indexes read by
 * the page-index read, then the row filter except where a pruner proved ALL_MATCH), with pruning
 * off (every row, row filter), and by brute force (a Java evaluation of the predicate on the
 * generated values, not on pqx's output). The run must also prove that bloom filters and page
 * indexes pruned something. The seed is printed; rerun one with {@code -Dpqx.seed=<seed>} ({@code
 * -Dpqx.predicates=<n>} changes the count).
 */
class PruningDifferentialITCase {
    private static final int ROWS = 1000;
    private static final int PREDICATES = Integer.getInteger("pqx.predicates", 10_000);
    private static final LocalDate EPOCH = LocalDate.of(2000, 1, 1);
    private static final String[] COLUMNS = {"i", "l", "d", "s", "dt", "k"};
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("i", DataTypes.INT()),
                                    DataTypes.FIELD("l", DataTypes.BIGINT()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("dt", DataTypes.DATE()),
                                    DataTypes.FIELD("k", DataTypes.INT()))
                            .getLogicalType();
    private static final MessageType PARQUET_JAVA_SCHEMA =
            MessageTypeParser.parseMessageType(
                    "message m { required int32 id; optional int32 i; optional int64 l; optional double d;"
                            + " optional binary s (STRING); optional int32 dt (DATE); optional int32 k; }");
    private static final List<String> SHORT_STRINGS =
            List.of("", "a", "ab", "abc", "abd", "b", "ü", "日本", "zz", "\u00ff\u00ff");

    @TempDir Path dir;

    /** A generated row: the values the brute force judges (null where the column is null). */
    record Row(int id, Integer i, Long l, Double d, String s, LocalDate dt, Integer k) {
        Object value(String column) {
            return switch (column) {
                case "i" -> i;
                case "l" -> l;
                case "d" -> d;
                case "s" -> s;
                case "k" -> k;
                default -> dt;
            };
        }
    }

    /** One data set (a layout) and its literal pools. */
    record DataSet(String layout, List<Row> rows, Map<String, List<Object>> pools) {}

    /** A predicate with its brute-force evaluation: 1 TRUE, 0 FALSE, 2 UNKNOWN. */
    record Case(Predicate predicate, Brute brute) {}

    interface Brute {
        int eval(Row row, SlotValues slots);
    }

    /** What one file is, with what is read once per file. */
    private static final class Opened {
        final String name;
        final ParquetReader reader;
        final List<RowData> rows = new ArrayList<>();
        final PageIndexSource pageIndexes;
        final BloomFilterSource blooms;
        final Map<Long, Optional<BloomFilterView>> bloomCache = new HashMap<>();
        final ColumnResolver resolver;

        Opened(String name, ParquetReader reader) throws Exception {
            this.name = name;
            this.reader = reader;
            List<Integer> leaves = new ArrayList<>();
            for (int l = 0; l < reader.schema().leaves().size(); l++) {
                leaves.add(l);
            }
            this.pageIndexes = reader.pageIndexSource(leaves);
            this.blooms =
                    (rowGroup, leaf) -> {
                        long key = ((long) rowGroup << 32) | leaf;
                        Optional<BloomFilterView> found = bloomCache.get(key);
                        if (found == null) {
                            found = reader.bloomFilterSource().bloomFilter(rowGroup, leaf);
                            bloomCache.put(key, found);
                        }
                        bloomLoads++;
                        return found;
                    };
            this.resolver = ColumnResolver.of(reader.schema().fields());
            RowData.FieldGetter[] getters =
                    new RowData.FieldGetter[reader.schema().rowType().getFieldCount()];
            for (int f = 0; f < getters.length; f++) {
                getters[f] = RowData.createFieldGetter(reader.schema().rowType().getTypeAt(f), f);
            }
            try (CloseableIterator<RowData> it = reader.rows(reader.schema())) {
                while (it.hasNext()) {
                    RowData row = it.next();
                    GenericRowData copy = new GenericRowData(getters.length);
                    for (int f = 0; f < getters.length; f++) {
                        Object v = getters[f].getFieldOrNull(row);
                        // strings point into the reused vectors: copy their bytes
                        copy.setField(
                                f,
                                v instanceof StringData sd
                                        ? StringData.fromBytes(sd.toBytes())
                                        : v);
                    }
                    rows.add(copy);
                }
            }
        }

        long bloomLoads;
    }

    @Test
    void everyPrunerKeepsEveryMatchingRow() throws Exception {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println(
                "PruningDifferentialITCase seed " + seed + " (rerun with -Dpqx.seed=" + seed + ")");
        Random random = new Random(seed);
        PruningCounters counters = new PruningCounters();
        long[] totals =
                new long[4]; // predicates, (predicate, file) pairs, rows read, rows in files
        Map<String, long[]> byWriter = new TreeMap<>();
        Map<String, PruningCounters> perWriter = new TreeMap<>();
        List<String> evidenceSeen = new ArrayList<>();
        try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:")) {
            try (Statement statement = duckDb.createStatement()) {
                statement.execute("SET threads = 1");
            }
            String[] layouts = {"sorted", "clustered", "random"};
            for (int set = 0; set < layouts.length; set++) {
                DataSet data = generate(random, layouts[set]);
                List<Opened> files = new ArrayList<>();
                try {
                    files.add(open("pqx-" + data.layout(), writePqx(data, random)));
                    files.add(open("parquet-java-" + data.layout(), writeParquetJava(data)));
                    files.add(
                            open(
                                    "duckdb-" + data.layout(),
                                    writeDuckDb(duckDb, files.get(0), data)));
                    for (Opened file : files) {
                        evidenceSeen.add(describe(file));
                        assertThat(file.rows).as(file.name).hasSize(ROWS);
                    }
                    int count =
                            PREDICATES / layouts.length
                                    + (set < PREDICATES % layouts.length ? 1 : 0);
                    for (int p = 0; p < count; p++) {
                        Case c = predicate(random, data, 3, true);
                        SlotValues slots = slotValues(random, data);
                        BitSet expected = brute(data, c, slots);
                        totals[0]++;
                        for (Opened file : files) {
                            String context =
                                    "seed "
                                            + seed
                                            + ", "
                                            + file.name
                                            + ", predicate "
                                            + p
                                            + ": "
                                            + c.predicate()
                                            + " with "
                                            + slots;
                            BitSet off = pruningOff(file, c.predicate(), slots);
                            assertSame(context + " (pruning off)", data, expected, off);
                            long[] read = {0};
                            PruningCounters writerCounters =
                                    perWriter.computeIfAbsent(
                                            writer(file), k -> new PruningCounters());
                            BitSet on =
                                    pruningOn(
                                            file,
                                            c.predicate(),
                                            slots,
                                            new BothListeners(counters, writerCounters),
                                            read,
                                            context);
                            assertSame(context + " (pruning on)", data, expected, on);
                            totals[1]++;
                            totals[2] += read[0];
                            totals[3] += ROWS;
                            long[] w = byWriter.computeIfAbsent(writer(file), k -> new long[2]);
                            w[0] += read[0];
                            w[1] += ROWS;
                        }
                    }
                } finally {
                    for (Opened file : files) {
                        file.reader.close();
                    }
                }
            }
        }
        evidenceSeen.forEach(System.out::println);
        for (String evidence :
                List.of(
                        StatisticsPruner.EVIDENCE,
                        BloomFilterPruner.EVIDENCE,
                        PageIndexPruner.EVIDENCE)) {
            System.out.printf(
                    "PruningDifferentialITCase %s: %d row groups skipped, %d narrowed"
                            + " to a selection, %d all-match, %d rows pruned, %d pages pruned, %d failures%n",
                    evidence,
                    counters.skipped(evidence),
                    counters.selected(evidence),
                    counters.allMatched(evidence),
                    counters.rowsPruned(evidence),
                    counters.pagesPruned(evidence),
                    counters.failures(evidence));
        }
        byWriter.forEach(
                (writer, w) -> {
                    PruningCounters c = perWriter.get(writer);
                    System.out.printf(
                            "PruningDifferentialITCase %s: %d of %d rows read (%.1f%%); row groups"
                                    + " skipped by statistics %d, by bloom filters %d, by page indexes %d; pages"
                                    + " pruned %d%n",
                            writer,
                            w[0],
                            w[1],
                            100.0 * w[0] / w[1],
                            c.skipped(StatisticsPruner.EVIDENCE),
                            c.skipped(BloomFilterPruner.EVIDENCE),
                            c.skipped(PageIndexPruner.EVIDENCE),
                            c.pagesPruned(PageIndexPruner.EVIDENCE));
                });
        System.out.printf(
                "PruningDifferentialITCase: %d predicates, %d (predicate, file) pairs,"
                        + " %d of %d rows read, 0 rows lost%n",
                totals[0], totals[1], totals[2], totals[3]);
        assertThat(totals[0]).isGreaterThanOrEqualTo(PREDICATES);
        assertThat(counters.failures()).as(counters.toString()).isZero();
        // the test proves something only if each kind of evidence pruned
        assertThat(counters.skipped(StatisticsPruner.EVIDENCE)).isPositive();
        assertThat(counters.skipped(BloomFilterPruner.EVIDENCE)).isPositive();
        assertThat(counters.pagesPruned(PageIndexPruner.EVIDENCE)).isPositive();
        assertThat(counters.rowsPruned(PageIndexPruner.EVIDENCE)).isPositive();
        assertThat(counters.selected(PageIndexPruner.EVIDENCE)).isPositive();
        for (String writer : List.of("pqx", "parquet-java")) {
            assertThat(perWriter.get(writer).skipped(BloomFilterPruner.EVIDENCE))
                    .as(writer)
                    .isPositive();
            assertThat(perWriter.get(writer).pagesPruned(PageIndexPruner.EVIDENCE))
                    .as(writer)
                    .isPositive();
        }
        // DuckDB writes bloom filters (for dictionary-encoded columns) but no page index
        assertThat(perWriter.get("duckdb").skipped(BloomFilterPruner.EVIDENCE)).isPositive();
    }

    private static String writer(Opened file) {
        return file.name.substring(0, file.name.lastIndexOf('-'));
    }

    /** Tells two listeners. */
    private record BothListeners(PruningListener a, PruningListener b) implements PruningListener {
        @Override
        public void narrowed(
                String evidence, int rowGroup, RowGroupAccess before, RowGroupAccess after) {
            a.narrowed(evidence, rowGroup, before, after);
            b.narrowed(evidence, rowGroup, before, after);
        }

        @Override
        public void pagesPruned(String evidence, int rowGroup, int pruned, int pages) {
            a.pagesPruned(evidence, rowGroup, pruned, pages);
            b.pagesPruned(evidence, rowGroup, pruned, pages);
        }

        @Override
        public void failed(String evidence, int rowGroup, Throwable error) {
            a.failed(evidence, rowGroup, error);
            b.failed(evidence, rowGroup, error);
        }
    }

    // ---- the three paths ----

    private static BitSet brute(DataSet data, Case c, SlotValues slots) {
        BitSet out = new BitSet();
        for (Row row : data.rows()) {
            if (c.brute().eval(row, slots) == 1) {
                out.set(row.id());
            }
        }
        return out;
    }

    private static BitSet pruningOff(Opened file, Predicate predicate, SlotValues slots) {
        BoundPredicate bound = BoundPredicate.bind(predicate, file.resolver);
        BitSet out = new BitSet();
        for (RowData row : file.rows) {
            if (bound.evaluate(row, slots) == Ternary.TRUE) {
                out.set(row.getInt(0));
            }
        }
        return out;
    }

    private static BitSet pruningOn(
            Opened file,
            Predicate predicate,
            SlotValues slots,
            PruningListener counters,
            long[] rowsRead,
            String context)
            throws IOException {
        ParquetReader reader = file.reader;
        List<RowGroupView> groups = reader.metadata().rowGroups();
        StatisticsPruner statistics = StatisticsPruner.create(predicate, reader.schema().fields());
        AccessPlan plan =
                AccessPlan.scanAll(groups)
                        .apply(statistics, groups, slots, counters)
                        .apply(
                                BloomFilterPruner.create(statistics, file.blooms),
                                groups,
                                slots,
                                counters)
                        .apply(
                                PageIndexPruner.create(statistics, file.pageIndexes),
                                groups,
                                slots,
                                counters);
        // the row id and the predicate's columns, as a filtered read would decode them
        List<String> paths = new ArrayList<>(List.of("id"));
        for (ColumnRef column : predicate.columns()) {
            if (!paths.contains(column.dotted())) {
                paths.add(column.dotted());
            }
        }
        ReadSchema projection = reader.project(paths);
        BoundPredicate bound =
                BoundPredicate.bind(predicate, ColumnResolver.of(projection.fields()));
        BitSet out = new BitSet();
        // unfiltered: the predicate is evaluated here, so the pruners' answer is what is checked
        try (BatchIterator batches =
                ParquetScan.builder(reader, projection)
                        .accessPlan(plan)
                        .knownPageIndexes(file.pageIndexes::pageIndexes)
                        .build()) {
            while (batches.hasNext()) {
                ParquetBatch batch = batches.next();
                rowsRead[0] += batch.numRows();
                boolean[] mask =
                        plan.access(batch.rowGroup()).kind() == RowGroupAccess.Kind.ALL_MATCH
                                ? null
                                : bound.mask(batch.columnBatch(), slots);
                ColumnarRowData row = new ColumnarRowData(batch.columnBatch());
                for (int k = 0; k < batch.numRows(); k++) {
                    if (mask == null || mask[k]) {
                        row.setRowId(k);
                        out.set(row.getInt(0));
                    }
                }
            }
        }
        return out;
    }

    private static void assertSame(String context, DataSet data, BitSet expected, BitSet actual) {
        if (expected.equals(actual)) {
            return;
        }
        BitSet lost = (BitSet) expected.clone();
        lost.andNot(actual);
        BitSet extra = (BitSet) actual.clone();
        extra.andNot(expected);
        Map<Integer, Row> byId = new HashMap<>();
        data.rows().forEach(r -> byId.put(r.id(), r));
        StringBuilder sb =
                new StringBuilder(context)
                        .append(": ")
                        .append(lost.cardinality())
                        .append(" rows lost, ")
                        .append(extra.cardinality())
                        .append(" rows too many");
        lost.stream().limit(5).forEach(id -> sb.append("\n  lost ").append(byId.get(id)));
        extra.stream().limit(5).forEach(id -> sb.append("\n  extra ").append(byId.get(id)));
        throw new AssertionError(sb.toString());
    }

    // ---- data ----

    private static DataSet generate(Random r, String layout) {
        List<Row> rows = new ArrayList<>(ROWS);
        int nullEvery = new int[] {0, 9, 40}[r.nextInt(3)];
        int nullRunStart = r.nextInt(ROWS - 150);
        for (int k = 0; k < ROWS; k++) {
            double position = (double) k / ROWS;
            boolean run = k >= nullRunStart && k < nullRunStart + 120; // whole pages of nulls
            Integer i =
                    run || isNull(r, nullEvery)
                            ? null
                            : switch (layout) {
                                case "sorted" ->
                                        (int) (position * 200_000) - 100_000 + r.nextInt(50);
                                case "clustered" ->
                                        (int) (position * 200_000) - 100_000 + r.nextInt(20_000);
                                default -> r.nextInt(200_001) - 100_000;
                            };
            Long l =
                    isNull(r, nullEvery)
                            ? null
                            : layout.equals("random")
                                    ? r.nextLong() % 1_000_000_000_000L
                                    : k * 1_000_003L + r.nextInt(1000) - 500_000_000L;
            Double d = isNull(r, nullEvery) ? null : doubleValue(r, layout, position);
            String s = run || isNull(r, nullEvery) ? null : stringValue(r, layout, position);
            LocalDate dt =
                    isNull(r, nullEvery)
                            ? null
                            : EPOCH.plusDays(
                                    layout.equals("random")
                                            ? r.nextInt(20_000)
                                            : (long) (position * 20_000) + r.nextInt(30));
            // few distinct values, so DuckDB's writer dictionary-encodes it and adds a bloom filter
            Integer key =
                    isNull(r, nullEvery)
                            ? null
                            : 1000
                                    * (layout.equals("random")
                                            ? r.nextInt(60)
                                            : (int) (position * 60) + r.nextInt(3));
            rows.add(new Row(k, i, l, d, s, dt, key));
        }
        if (layout.equals("sorted")) {
            rows.sort(
                    Comparator.comparing(Row::i, Comparator.nullsFirst(Comparator.naturalOrder())));
        }
        Map<String, List<Object>> pools = new HashMap<>();
        for (String column : COLUMNS) {
            List<Object> pool = new ArrayList<>();
            for (int k = 0; k < 30; k++) {
                Object v = rows.get(r.nextInt(ROWS)).value(column);
                if (v != null && !(v instanceof Double dv && dv.isNaN())) {
                    pool.add(v);
                }
            }
            for (int k = 0; k < 20; k++) { // mostly values no row holds
                pool.add(
                        switch (column) {
                            case "i" -> r.nextInt(220_001) - 110_000;
                            case "l" -> r.nextLong() % 1_100_000_000_000L;
                            case "d" -> doubleValue(r, "random", r.nextDouble());
                            case "s" -> stringValue(r, "random", r.nextDouble());
                            case "k" ->
                                    1000 * r.nextInt(64)
                                            + (r.nextBoolean() ? 0 : 1 + r.nextInt(999));
                            default -> EPOCH.plusDays(r.nextInt(21_000) - 500);
                        });
            }
            pool.removeIf(v -> v instanceof Double dv && dv.isNaN());
            if (column.equals("d")) {
                pool.addAll(
                        List.of(
                                -0.0,
                                0.0,
                                1.5,
                                Double.NEGATIVE_INFINITY,
                                Double.POSITIVE_INFINITY));
            }
            if (column.equals("i")) {
                pool.addAll(List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0));
            }
            pools.put(column, pool);
        }
        return new DataSet(layout, rows, pools);
    }

    private static boolean isNull(Random r, int nullEvery) {
        return nullEvery > 0 && r.nextInt(nullEvery) == 0;
    }

    private static double doubleValue(Random r, String layout, double position) {
        int pick = r.nextInt(40);
        if (pick == 0) {
            return Double.NaN;
        }
        if (pick == 1) {
            return -0.0;
        }
        if (pick == 2) {
            return 0.0;
        }
        if (pick == 3) {
            return r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        return layout.equals("random")
                ? r.nextGaussian() * 1000
                : position * 2000 - 1000 + r.nextDouble();
    }

    /** Short strings, or long ones whose first 64 bytes (the index truncation) are not unique. */
    private static String stringValue(Random r, String layout, double position) {
        if (r.nextInt(4) == 0) {
            return SHORT_STRINGS.get(r.nextInt(SHORT_STRINGS.size()));
        }
        int n =
                layout.equals("random")
                        ? r.nextInt(1_000_000)
                        : (int) (position * 1_000_000) + r.nextInt(100);
        StringBuilder sb = new StringBuilder("p".repeat(58 + r.nextInt(4)));
        sb.append(String.format("%07d", n));
        int tail = r.nextInt(30);
        for (int k = 0; k < tail; k++) {
            sb.append((char) ('a' + r.nextInt(3)));
        }
        return sb.toString();
    }

    // ---- writers ----

    private Path writePqx(DataSet data, Random r) throws IOException {
        Path file = dir.resolve("pqx-" + data.layout() + ".parquet");
        WriteOptions.Builder options =
                WriteOptions.builder()
                        .rowGroupRows(300 + r.nextInt(200))
                        .pageRowLimit(50)
                        .codec(Compression.SNAPPY)
                        .statisticsTruncateLength(64)
                        .dictionaryEnabled(r.nextBoolean());
        for (String column : List.of("i", "l", "s", "dt", "k")) {
            options.bloomFilter(column, new BloomFilterSpec(ROWS, 0.02));
        }
        try (OutputStream out = Files.newOutputStream(file);
                ParquetWriter writer =
                        ParquetWriter.builder(TYPE)
                                .options(options.build())
                                .open(out, file.toString())) {
            for (Row row : data.rows()) {
                GenericRowData g = new GenericRowData(7);
                g.setField(0, row.id());
                g.setField(1, row.i());
                g.setField(2, row.l());
                g.setField(3, row.d());
                g.setField(4, row.s() == null ? null : StringData.fromString(row.s()));
                g.setField(5, row.dt() == null ? null : (int) row.dt().toEpochDay());
                g.setField(6, row.k());
                writer.write(g);
            }
            writer.finish();
        }
        return file;
    }

    private Path writeParquetJava(DataSet data) throws IOException {
        Path file = dir.resolve("parquet-java-" + data.layout() + ".parquet");
        try (org.apache.parquet.hadoop.ParquetWriter<Group> writer =
                ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toUri()))
                        .withConf(new Configuration())
                        .withType(PARQUET_JAVA_SCHEMA)
                        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                        .withCompressionCodec(CompressionCodecName.SNAPPY)
                        .withRowGroupRowCountLimit(400)
                        .withPageRowCountLimit(50)
                        .withColumnIndexTruncateLength(64)
                        .withBloomFilterEnabled("i", true)
                        .withBloomFilterEnabled("s", true)
                        .withBloomFilterEnabled("l", true)
                        .build()) {
            SimpleGroupFactory factory = new SimpleGroupFactory(PARQUET_JAVA_SCHEMA);
            for (Row row : data.rows()) {
                Group g = factory.newGroup();
                g.add("id", row.id());
                if (row.i() != null) {
                    g.add("i", row.i());
                }
                if (row.l() != null) {
                    g.add("l", row.l());
                }
                if (row.d() != null) {
                    g.add("d", row.d());
                }
                if (row.s() != null) {
                    g.add("s", row.s());
                }
                if (row.dt() != null) {
                    g.add("dt", (int) row.dt().toEpochDay());
                }
                if (row.k() != null) {
                    g.add("k", row.k());
                }
                writer.write(g);
            }
        }
        return file;
    }

    /** DuckDB rewrites pqx's file (read by DuckDB's own reader) with its own writer. */
    private Path writeDuckDb(Connection duckDb, Opened pqx, DataSet data) throws Exception {
        Path source = dir.resolve("pqx-" + data.layout() + ".parquet");
        Path file = dir.resolve("duckdb-" + data.layout() + ".parquet");
        try (Statement statement = duckDb.createStatement()) {
            statement.execute(
                    "COPY (SELECT * FROM read_parquet('"
                            + source
                            + "')) TO '"
                            + file
                            + "' (FORMAT parquet, ROW_GROUP_SIZE 400, COMPRESSION snappy)");
        }
        return file;
    }

    private static Opened open(String name, Path file) throws Exception {
        return new Opened(
                name,
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.builder().batchSize(256).build()));
    }

    private static String describe(Opened file) throws IOException {
        int groups = file.reader.metadata().rowGroups().size();
        int withIndex = 0;
        int withBloom = 0;
        int chunks = 0;
        int pages = 0;
        for (RowGroupView g : file.reader.metadata().rowGroups()) {
            for (ColumnChunkView c : g.columns()) {
                chunks++;
                withIndex += c.hasColumnIndex() && c.hasOffsetIndex() ? 1 : 0;
                withBloom += c.hasBloomFilter() ? 1 : 0;
                if (c.hasOffsetIndex()) {
                    pages +=
                            ParquetInspector.of(file.reader)
                                    .readOffsetIndex(g.ordinal(), c.leafIndex())
                                    .orElseThrow()
                                    .pageCount();
                }
            }
        }
        return String.format(
                "PruningDifferentialITCase file %s: %d row groups, %d chunks, %d with"
                        + " page indexes (%d pages), %d with bloom filters",
                file.name, groups, chunks, withIndex, pages, withBloom);
    }

    // ---- predicates, each with its brute force ----

    private Case predicate(Random r, DataSet data, int depth, boolean slotAllowed) {
        int pick = r.nextInt(10);
        if (depth == 0 || pick < 5) {
            return leaf(r, data, slotAllowed);
        }
        if (pick == 9) {
            Case child = predicate(r, data, depth - 1, false);
            return new Case(
                    Predicates.not(child.predicate()),
                    (row, slots) -> not(child.brute().eval(row, slots)));
        }
        int n = 2 + r.nextInt(2);
        List<Predicate> children = new ArrayList<>();
        List<Brute> brutes = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            Case child = predicate(r, data, depth - 1, slotAllowed);
            children.add(child.predicate());
            brutes.add(child.brute());
        }
        if (pick < 8) {
            return new Case(
                    Predicates.and(children),
                    (row, slots) -> {
                        int out = 1;
                        for (Brute b : brutes) {
                            out = and(out, b.eval(row, slots));
                        }
                        return out;
                    });
        }
        return new Case(
                Predicates.or(children),
                (row, slots) -> {
                    int out = 0;
                    for (Brute b : brutes) {
                        out = or(out, b.eval(row, slots));
                    }
                    return out;
                });
    }

    private Case leaf(Random r, DataSet data, boolean slotAllowed) {
        String column = COLUMNS[r.nextInt(COLUMNS.length)];
        List<Object> pool = data.pools().get(column);
        int kind = r.nextInt(100);
        if (kind < 8 && slotAllowed) {
            return new Case(Predicates.slot("rf", "i"), PruningDifferentialITCase::slot);
        }
        if (kind < 10) {
            boolean value = r.nextBoolean();
            return new Case(
                    value ? Predicates.alwaysTrue() : Predicates.alwaysFalse(),
                    (row, slots) -> value ? 1 : 0);
        }
        if (kind < 18) {
            return new Case(
                    Predicates.isNull(column), (row, slots) -> row.value(column) == null ? 1 : 0);
        }
        if (kind < 24) {
            return new Case(
                    Predicates.isNotNull(column),
                    (row, slots) -> row.value(column) != null ? 1 : 0);
        }
        if (kind < 36 && column.equals("s")) {
            String s = (String) pool.get(r.nextInt(pool.size()));
            String prefix = s.substring(0, r.nextInt(s.length() + 1));
            byte[] p = prefix.getBytes(StandardCharsets.UTF_8);
            return new Case(
                    new StartsWith(ColumnRef.parse("s"), prefix),
                    (row, slots) -> {
                        if (row.s() == null) {
                            return 2;
                        }
                        byte[] v = row.s().getBytes(StandardCharsets.UTF_8);
                        return v.length >= p.length && Arrays.equals(v, 0, p.length, p, 0, p.length)
                                ? 1
                                : 0;
                    });
        }
        if (kind < 52) {
            int n = 1 + r.nextInt(5);
            List<Object> values = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                values.add(pool.get(r.nextInt(pool.size())));
            }
            return new Case(
                    Predicates.in(ColumnRef.parse(column), values),
                    (row, slots) -> {
                        Object v = row.value(column);
                        if (v == null) {
                            return 2;
                        }
                        if (v instanceof Double dv && dv.isNaN()) {
                            return 0;
                        }
                        for (Object c : values) {
                            if (compare(v, c) == 0) {
                                return 1;
                            }
                        }
                        return 0;
                    });
        }
        CompareOp op = CompareOp.values()[r.nextInt(CompareOp.values().length)];
        Object literal = pool.get(r.nextInt(pool.size()));
        Case comparison =
                new Case(
                        Predicates.compare(ColumnRef.parse(column), op, literal),
                        (row, slots) -> {
                            Object v = row.value(column);
                            if (v == null) {
                                return 2;
                            }
                            if (v instanceof Double dv && dv.isNaN()) {
                                return op == CompareOp.NE ? 1 : 0;
                            }
                            int cmp = compare(v, literal);
                            boolean holds =
                                    switch (op) {
                                        case EQ -> cmp == 0;
                                        case NE -> cmp != 0;
                                        case LT -> cmp < 0;
                                        case LE -> cmp <= 0;
                                        case GT -> cmp > 0;
                                        case GE -> cmp >= 0;
                                    };
                            return holds ? 1 : 0;
                        });
        if (kind < 60) { // the shape full-match inference must see through
            return new Case(
                    Predicates.or(comparison.predicate(), Predicates.isNull(column)),
                    (row, slots) ->
                            or(
                                    comparison.brute().eval(row, slots),
                                    row.value(column) == null ? 1 : 0));
        }
        return comparison;
    }

    /** The runtime filter slot on {@code i}, as SQL and the issue define it. */
    private static int slot(Row row, SlotValues slots) {
        RuntimeFilter filter = slots.get("rf").orElseThrow();
        return switch (filter.state()) {
            case PENDING, DISABLED -> 1;
            case EMPTY -> 0;
            case RANGE -> {
                if (row.i() == null) {
                    yield 0;
                }
                int min = ((Number) filter.min().orElseThrow().value()).intValue();
                int max = ((Number) filter.max().orElseThrow().value()).intValue();
                boolean in =
                        row.i() >= min
                                && row.i() <= max
                                && filter.keys().map(k -> k.mightContain(row.i())).orElse(true);
                yield in ? 1 : 0;
            }
        };
    }

    private static SlotValues slotValues(Random r, DataSet data) {
        ColumnRef i = ColumnRef.parse("i");
        List<Object> pool = data.pools().get("i");
        int a = (Integer) pool.get(r.nextInt(pool.size()));
        int b =
                r.nextBoolean()
                        ? (Integer) pool.get(r.nextInt(pool.size()))
                        : a + r.nextInt(20_000);
        Set<Integer> keys = new HashSet<>();
        for (int k = 0; k < 6; k++) {
            keys.add((Integer) pool.get(r.nextInt(pool.size())));
        }
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        return switch (r.nextInt(6)) {
            case 0 -> SlotValues.none().with("rf", RuntimeFilter.pending(i));
            case 1 -> SlotValues.none().with("rf", RuntimeFilter.disabled(i));
            case 2 -> SlotValues.none().with("rf", RuntimeFilter.empty(i));
            case 3, 4 -> SlotValues.none().with("rf", RuntimeFilter.range(i, lo, hi));
            default -> SlotValues.none().with("rf", RuntimeFilter.range(i, lo, hi, keys::contains));
        };
    }

    /** Values of one column in SQL order: -0.0 equals 0.0, strings by their UTF-8 bytes. */
    private static int compare(Object v, Object c) {
        if (v instanceof Double x) {
            return Double.compare(x == 0.0 ? 0.0 : x, (Double) c == 0.0 ? 0.0 : (Double) c);
        }
        if (v instanceof String x) {
            return Arrays.compareUnsigned(
                    x.getBytes(StandardCharsets.UTF_8),
                    ((String) c).getBytes(StandardCharsets.UTF_8));
        }
        if (v instanceof Integer x) {
            return Integer.compare(x, (Integer) c);
        }
        if (v instanceof Long x) {
            return Long.compare(x, (Long) c);
        }
        return ((LocalDate) v).compareTo((LocalDate) c);
    }

    private static int not(int a) {
        return a == 2 ? 2 : 1 - a;
    }

    private static int and(int a, int b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        return a == 1 && b == 1 ? 1 : 2;
    }

    private static int or(int a, int b) {
        if (a == 1 || b == 1) {
            return 1;
        }
        return a == 0 && b == 0 ? 0 : 2;
    }
}
