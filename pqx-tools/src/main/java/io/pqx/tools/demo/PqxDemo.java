package io.pqx.tools.demo;

import io.pqx.format.ParquetInspector;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.ReadOptions;
import io.pqx.tools.metrics.PqxCounters;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/**
 * pqx's main job, on embedded MiniClusters and the local file system: a streaming SQL {@code INSERT
 * INTO} writes a generated stream of orders into a partitioned pqx table (checkpoints every {@value
 * #CHECKPOINT_SECONDS} s commit files exactly once), and while it grows, batch SQL queries read it:
 * a selective filter, an aggregate over a range of partitions, and counts answered from footers.
 * Each query prints its rows and what the source skipped versus read (files, row groups, pages,
 * bytes), from the source's metrics. At the end, a lookup join ({@link DemoLookupJoin}) against a
 * small pqx dimension table it writes next to the orders, checked against the count computed in
 * Java, with the lookup and cache metrics. Logs go to a file the demo names.
 *
 * <p>Started by {@code bin/pqx demo} or {@link #main}. One run per instance.
 */
@Internal
public final class PqxDemo {
    /** Rows generated when no count is given: about {@value} / {@value #ROWS_PER_SECOND} s. */
    public static final int DEFAULT_ROWS = 240_000;

    static final int ROWS_PER_SECOND = 8_000;
    static final int PARALLELISM = 2;
    static final int CHECKPOINT_SECONDS = 2;

    /** Seconds between query rounds while the table grows. */
    static final int ROUND_SECONDS = 8;

    private final int rows;

    public PqxDemo(int rows) {
        if (rows <= 0) {
            throw new IllegalArgumentException("rows must be positive, got " + rows);
        }
        this.rows = rows;
    }

    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_ROWS;
        new PqxDemo(rows).run(System.out);
        System.out.flush();
    }

    /** Runs the demo in a new temporary directory, printing on {@code out}. */
    public void run(PrintStream out) throws Exception {
        Path dir = Files.createTempDirectory("pqx-demo-");
        Path log = dir.resolve("pqx-demo.log");
        DemoLogging.toFile(log);
        run(dir.resolve("orders"), out, log);
    }

    /** Runs the demo writing the table under {@code table}. */
    void run(Path table, PrintStream out, Path log) throws Exception {
        String path = table.toUri().toString();
        out.printf(
                "pqx demo: a streaming SQL INSERT INTO writes %,d generated orders (%,d per"
                        + " second, %d subtasks, checkpoints every %d s) into a pqx table partitioned by"
                        + " day; batch SQL queries read it while it grows; then a lookup join into a pqx"
                        + " dimension table.%n  table: %s%n  log:   %s%n%n%s;%n%n",
                rows,
                ROWS_PER_SECOND,
                PARALLELISM,
                CHECKPOINT_SECONDS,
                table,
                log,
                DemoTables.ordersTable(path));
        try (DemoCluster cluster = DemoCluster.start(2 * PARALLELISM)) {
            run(table, path, cluster, out);
        }
    }

    private void run(Path table, String path, DemoCluster cluster, PrintStream out)
            throws Exception {
        TableEnvironment streaming =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance()
                                .inStreamingMode()
                                .withConfiguration(cluster.client(true))
                                .build());
        streaming.executeSql(DemoTables.ordersTable(path));
        streaming.executeSql(DemoTables.generator(rows, ROWS_PER_SECOND));
        long start = System.nanoTime();
        TableResult insert = streaming.executeSql(DemoTables.INSERT);
        // asked once: the job's result arrives on this future when it ends
        CompletableFuture<?> ended = insert.getJobClient().orElseThrow().getJobExecutionResult();
        int round = 0;
        while (!ended.isDone()) {
            for (int s = 0; s < ROUND_SECONDS * 10 && !ended.isDone(); s++) {
                Thread.sleep(100);
            }
            if (ended.isDone()) {
                break;
            }
            queries(table, cluster, ++round, start, false, out);
        }
        ended.get();
        long insertSeconds = Math.max(1, (System.nanoTime() - start) / 1_000_000_000L);
        queries(table, cluster, ++round, start, true, out);
        out.println(filesLine(TableSnapshot.of(table), insertSeconds));
        out.println();
        DemoLookupJoin.run(table.resolveSibling("customers"), cluster, out);
        out.println();
        out.printf(
                "pqx demo: done in %d s. The table stays under %s.%n",
                (System.nanoTime() - start) / 1_000_000_000L, table);
    }

    /**
     * What the files say about checkpoints: few and large, since a file stays open across them,
     * against the one file per subtask and open partition per checkpoint of rolling at each.
     */
    static String filesLine(TableSnapshot table, long insertSeconds) {
        long checkpoints = Math.max(1, insertSeconds / CHECKPOINT_SECONDS);
        return String.format(
                "files: %d committed for %d partitions, over the INSERT's about %d"
                        + " checkpoints: a file stays open across checkpoints (each persists its"
                        + " row groups and carries its open row group) and rolls once its day has"
                        + " been quiet for %d s, so there are about as many files as days and"
                        + " subtasks; rolling at every checkpoint, as Flink's FileSink must for"
                        + " Parquet, would have committed at least %d",
                table.files(),
                table.partitions().size(),
                checkpoints,
                DemoTables.QUIET_SECONDS,
                checkpoints * PARALLELISM);
    }

    /** One round of the three queries over the committed files. */
    private void queries(
            Path table, DemoCluster cluster, int round, long start, boolean last, PrintStream out)
            throws Exception {
        String path = table.toUri().toString();
        TableSnapshot snapshot = TableSnapshot.of(table);
        out.printf(
                "== round %d, %d s: %s%s ==%n",
                round,
                (System.nanoTime() - start) / 1_000_000_000L,
                snapshot,
                last ? " (the INSERT has finished)" : "");
        if (snapshot.files() == 0) {
            out.printf("nothing committed yet%n%n");
            return;
        }
        TableEnvironment batch =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance()
                                .inBatchMode()
                                .withConfiguration(cluster.client(false))
                                .build());
        batch.executeSql(DemoTables.ordersTable(path));
        long middle = Math.max(0, snapshot.rows() / 2 - 5);
        query(batch, "a selective filter", DemoTables.selective(middle), table, out);
        query(batch, "an aggregate over a partition range", DemoTables.PER_DAY, table, out);
        query(batch, "counts and bounds from footers", DemoTables.FROM_FOOTERS, table, out);
        out.println();
    }

    private static void query(
            TableEnvironment batch, String what, String sql, Path table, PrintStream out)
            throws Exception {
        PqxCounters.reset();
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = batch.executeSql(sql).collect()) {
            it.forEachRemaining(
                    r -> rows.add(r.toString().substring(3, r.toString().length() - 1)));
        }
        rows.sort(null);
        out.printf("%s:%n  %s%n", what, sql.replace("\n", "\n  "));
        int shown = Math.min(rows.size(), 4);
        for (String row : rows.subList(0, shown)) {
            out.printf("    %s%n", row);
        }
        if (rows.size() > shown) {
            out.printf("    ... %d rows in all%n", rows.size());
        }
        // the table as listed after the query: every file it could have read is in it (a file
        // committed while it ran counts as present, not as skipped)
        out.printf("  source: %s%n", Pruning.now(TableSnapshot.of(table)));
    }

    /**
     * The committed files of the table at one moment: their count, partitions, rows, row groups and
     * bytes, from their footers.
     */
    record TableSnapshot(int files, Set<String> partitions, long rows, long rowGroups, long bytes) {
        static TableSnapshot of(Path dir) throws IOException {
            if (!Files.isDirectory(dir)) {
                return new TableSnapshot(0, Set.of(), 0, 0, 0);
            }
            int files = 0;
            long rows = 0;
            long groups = 0;
            long bytes = 0;
            Set<String> partitions = new TreeSet<>();
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path f : all.filter(PqxDemo::isCommitted).toList()) {
                    try (FlinkInputFile in =
                            FlinkInputFile.open(new org.apache.flink.core.fs.Path(f.toUri()))) {
                        FileMetadataView footer =
                                ParquetInspector.read(in, ReadOptions.defaults()).metadata();
                        files++;
                        rows += footer.numRows();
                        groups += footer.rowGroups().size();
                        bytes += footer.fileLength();
                        partitions.add(dir.relativize(f.getParent()).toString());
                    }
                }
            }
            return new TableSnapshot(files, partitions, rows, groups, bytes);
        }

        @Override
        public String toString() {
            return String.format(
                    "%,d rows committed in %d files of %d partitions (%,d row groups, %s)",
                    rows, files, partitions.size(), rowGroups, Pruning.bytes(bytes));
        }
    }

    static boolean isCommitted(Path f) {
        String name = f.getFileName().toString();
        return name.endsWith(".parquet")
                && !name.startsWith(".")
                && !name.startsWith("_")
                && Files.isRegularFile(f);
    }

    /** What the source of the last query skipped and read, from its counters. */
    record Pruning(
            long filesPlanned,
            long rowGroupsPlanned,
            long rowGroupsPrunedByStatistics,
            long rowGroupsPrunedInReader,
            long pagesPruned,
            long rowsDecoded,
            long bytesRead,
            TableSnapshot table) {
        static String now(TableSnapshot table) {
            return new Pruning(
                            PqxCounters.total("pqxFilesPlanned"),
                            PqxCounters.total("pqxRowGroupsPlanned"),
                            PqxCounters.total("pqxRowGroupsPrunedByStatistics"),
                            PqxCounters.total("pqxRowGroupsPrunedByBloomFilter")
                                    + PqxCounters.total("pqxRowGroupsPrunedByPageIndex"),
                            PqxCounters.total("pqxPagesPrunedByPageIndex"),
                            PqxCounters.total("pqxRowsDecoded"),
                            PqxCounters.total("pqxBytesRead"),
                            table)
                    .toString();
        }

        @Override
        public String toString() {
            if (rowsDecoded == 0 && bytesRead == 0 && filesPlanned == 0) {
                return "no data read: answered at planning from the footers of "
                        + table.files()
                        + " files";
            }
            long groupsRead = rowGroupsPlanned - rowGroupsPrunedInReader;
            return String.format(
                    "read %d of %d files, %d of %d row groups (skipped by statistics"
                            + " %d, by bloom filter or page index %d), %,d rows decoded, %s of %s;"
                            + " %d pages skipped by the page index",
                    filesPlanned,
                    table.files(),
                    groupsRead,
                    table.rowGroups(),
                    rowGroupsPrunedByStatistics,
                    rowGroupsPrunedInReader,
                    rowsDecoded,
                    bytes(bytesRead),
                    bytes(table.bytes()),
                    pagesPruned);
        }

        static String bytes(long n) {
            return n < 10_000
                    ? n + " B"
                    : n < 10_000_000 ? (n / 1024) + " KiB" : (n >> 20) + " MiB";
        }
    }
}
