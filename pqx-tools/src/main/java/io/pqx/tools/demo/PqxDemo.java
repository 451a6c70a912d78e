package io.pqx.tools.demo;

import io.pqx.format.ParquetReader;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.tools.report.MetadataReport;
import io.pqx.tools.report.RowPrinter;

import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;

/**
 * pqx's main job: runs {@link DemoJob} (a generated table written by pqx's exactly-once sink on an
 * embedded MiniCluster) into a new temporary directory of the local file system, then shows what
 * was committed: the files and their row counts, what {@code pqx meta} shows of the largest file,
 * and its first rows as {@code pqx cat} prints them.
 *
 * <p>Started by {@code bin/pqx demo} or {@link #main}. Not thread-safe; one run per instance.
 */
public final class PqxDemo {

    /** Rows written when no count is given. */
    public static final int DEFAULT_ROWS = 5_000;

    /** Source and sink subtasks of the job (so the demo commits one file per subtask at least). */
    static final int PARALLELISM = 2;

    /** Rows printed as JSON lines after the metadata. */
    static final int SHOWN_ROWS = 5;

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

    /** Runs the job into a new temporary directory and describes the result on {@code out}. */
    public void run(PrintStream out) throws Exception {
        java.nio.file.Path dir = Files.createTempDirectory("pqx-demo-");
        List<java.nio.file.Path> files = write(dir);
        describe(dir, files, out);
    }

    /**
     * Runs the job writing {@code rows} rows of {@link DemoTable} under {@code dir}; returns the
     * committed files (visible {@code .parquet} files), by name.
     */
    List<java.nio.file.Path> write(java.nio.file.Path dir) throws Exception {
        DemoJob.run(dir.toUri().toString(), rows, PARALLELISM);
        try (Stream<java.nio.file.Path> listed = Files.list(dir)) {
            return listed.filter(f -> f.getFileName().toString().endsWith(".parquet"))
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    /**
     * Prints the committed files with their row counts, then the footer report and the first
     * {@link #SHOWN_ROWS} rows of the file with the most rows (a checkpoint may commit small ones).
     */
    void describe(java.nio.file.Path dir, List<java.nio.file.Path> files, PrintStream out)
            throws IOException {
        long total = 0;
        long most = -1;
        java.nio.file.Path largest = null;
        StringBuilder listing = new StringBuilder();
        for (java.nio.file.Path file : files) {
            try (ParquetReader reader = ParquetReader.open(new Path(file.toUri()))) {
                long count = reader.metadata().numRows();
                total += count;
                if (count > most) {
                    most = count;
                    largest = file;
                }
                listing.append(String.format("  %-60s %8d rows%n", file.getFileName(), count));
            }
        }
        out.printf(
                "pqx demo: a Flink job (embedded MiniCluster, parallelism %d, checkpoints every %d"
                        + " ms) wrote %d rows with pqx's sink into %d committed file(s) under %s%n",
                PARALLELISM, DemoJob.CHECKPOINT_MILLIS, total, files.size(), dir);
        out.print(listing);
        if (largest == null) {
            return;
        }
        Path shown = new Path(largest.toUri());
        try (ParquetReader reader = ParquetReader.open(shown)) {
            FileMetadataView metadata = reader.metadata();
            out.print("\n$ pqx meta " + shown.getPath() + "\n");
            try (InputFile file = FlinkInputFile.open(shown)) {
                out.print(MetadataReport.of(metadata, file));
            }
            out.print("\n$ pqx cat " + shown.getPath() + " --limit " + SHOWN_ROWS + "\n");
            RowPrinter.print(reader, reader.schema(), SHOWN_ROWS, out);
        }
    }
}
