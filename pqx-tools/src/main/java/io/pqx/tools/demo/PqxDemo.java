package io.pqx.tools.demo;

import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.SortingColumnSpec;
import io.pqx.format.options.WriteOptions;
import io.pqx.tools.report.MetadataReport;
import io.pqx.tools.report.RowPrinter;

import org.apache.flink.core.fs.Path;
import org.apache.flink.table.types.logical.RowType;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;

/**
 * pqx's main job, for now: writes the generated {@link DemoTable} with pqx's {@link ParquetWriter}
 * to a file in a new temporary directory of the local file system, then shows what {@code pqx meta}
 * shows of that file and its first rows as {@code pqx cat} prints them.
 *
 * <p>Three steps, each a method, so that a later version can replace {@link #write} by a Flink job
 * (a MiniCluster running pqx's sink) without touching the rest: {@link #write} produces files,
 * {@link #describe} reads them back the way the CLI does.
 *
 * <p>Started by {@code bin/pqx demo} or {@link #main}. Not thread-safe; one run per instance.
 */
public final class PqxDemo {

    /** Rows written when no count is given. */
    public static final int DEFAULT_ROWS = 5_000;

    /** Rows per row group of the demo file. */
    static final int ROW_GROUP_ROWS = 2_000;

    /** Rows printed as JSON lines after the metadata. */
    static final int SHOWN_ROWS = 5;

    private final int rows;

    public PqxDemo(int rows) {
        if (rows <= 0) {
            throw new IllegalArgumentException("rows must be positive, got " + rows);
        }
        this.rows = rows;
    }

    public static void main(String[] args) throws IOException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_ROWS;
        new PqxDemo(rows).run(System.out);
        System.out.flush();
    }

    /** Writes the table into a new temporary directory and describes the result on {@code out}. */
    public void run(PrintStream out) throws IOException {
        java.nio.file.Path dir = Files.createTempDirectory("pqx-demo-");
        Path file = new Path(dir.resolve("orders.parquet").toUri());
        write(file);
        describe(file, out);
    }

    /** Writes {@code rows} rows of {@link DemoTable} to {@code file}. */
    void write(Path file) throws IOException {
        RowType rowType = DemoTable.rowType();
        try (ParquetWriter writer = ParquetWriter.create(file, rowType, demoOptions())) {
            for (long i = 0; i < rows; i++) {
                writer.write(DemoTable.row(i));
            }
        }
    }

    /**
     * Prints the footer report and the first {@link #SHOWN_ROWS} rows, read back from {@code file}.
     */
    void describe(Path file, PrintStream out) throws IOException {
        try (ParquetReader reader = ParquetReader.open(file)) {
            FileMetadata metadata = reader.metadata();
            out.print("pqx demo: wrote " + metadata.numRows() + " rows to " + file + "\n\n");
            out.print("$ pqx meta " + file.getPath() + "\n");
            out.print(MetadataReport.of(metadata));
            out.print("\n$ pqx cat " + file.getPath() + " --limit " + SHOWN_ROWS + "\n");
            RowPrinter.print(reader, reader.schema(), SHOWN_ROWS, out);
        }
    }

    /**
     * Small row groups so that the report shows several; rows are written in {@code id} order,
     * which the footer records; a bloom filter on {@code customer_id}.
     */
    static WriteOptions demoOptions() {
        return WriteOptions.builder()
                .rowGroupRows(ROW_GROUP_ROWS)
                .sortingColumn(new SortingColumnSpec("id", false, false))
                .bloomFilter("customer_id", new BloomFilterSpec(500, 0.01))
                .keyValue("pqx.demo.table", "orders")
                .build();
    }
}
