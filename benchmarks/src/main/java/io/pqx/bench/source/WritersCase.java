package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.format.DuckDbSession;
import io.pqx.bench.format.DuckDbTableWriter;
import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.ParquetJavaTableWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Case {@value #NAME} of suite {@code source}: the full scan (all 16 columns, no predicate) of the
 * same table written by other writers, read by {@code pqx_reader} and {@code duckdb}, every value
 * checked against the generated table: DuckDB 2.0's own file ({@code COPY ... (FORMAT PARQUET,
 * COMPRESSION ZSTD, COMPRESSION_LEVEL 3, ROW_GROUP_SIZE 1000000)}, its defaults otherwise), Arrow
 * C++'s ({@link ArrowTableWriter}: its defaults, which means uncompressed, 32,768-row row groups)
 * and parquet-java's with data pages v2 and dictionary off (DELTA encodings, ZSTD 3, 1M-row row
 * groups). Each file's layout is printed ({@link FileLayout}) before it is read.
 */
final class WritersCase implements SourceCase {
    static final String NAME = "writers";

    /** One file of another writer and the scan query named after it. */
    private record Written(String writer, Path file, SourceQuery query) {}

    private final List<Written> files = new ArrayList<>();
    private long tableRows;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(SourceData data) throws Exception {
        tableRows = data.rows();
        SourceQuery scan = data.query(SourceSuite.SCAN);
        FormatSettings settings = FormatSettings.standard();
        Path duckdbFile = data.dir().resolve("lineitem-duckdb.parquet");
        Path arrowFile;
        // A session of its own: its in-memory copy of the table is freed when it closes.
        try (DuckDbSession writer = DuckDbSession.open()) {
            writer.load(data.table());
            new DuckDbTableWriter(writer, settings).write(data.table(), duckdbFile);
            arrowFile =
                    ArrowTableWriter.write(
                            writer, data.dir().resolve("lineitem-arrow"), settings.rowGroupRows());
        }
        add("duckdb", duckdbFile, scan, data.report());
        add("arrow", arrowFile, scan, data.report());
        Path deltaFile = data.dir().resolve("lineitem-parquetjava-v2-delta.parquet");
        ParquetJavaTableWriter delta = ParquetJavaTableWriter.v2WithoutDictionary(settings);
        delta.write(data.table(), deltaFile);
        add(delta.name(), deltaFile, scan, data.report());
    }

    private void add(String writer, Path file, SourceQuery scan, BenchmarkReport report)
            throws Exception {
        SourceQuery query = scan.named(SourceSuite.SCAN + "_" + writer);
        files.add(new Written(writer, file, query));
        report.info(
                "file %s %s %s",
                query.name(), file.getFileName(), FileLayout.of(file.toFile()).describe());
    }

    @Override
    public void measure(DuckDbSession duckdb, BenchmarkArgs args, BenchmarkReport report)
            throws Exception {
        for (Written w : files) {
            Map<String, ContenderFigures> figures =
                    ReaderRounds.measure(
                            w.query(),
                            w.file(),
                            List.of(SourceReader.pqx(), SourceReader.duckdb(duckdb)),
                            tableRows,
                            args,
                            null, // no paired floor: the floor line follows the rounds
                            report);
            ContenderFigures pqx = figures.get("pqx_reader");
            ContenderFigures peer = figures.get("duckdb");
            report.result(
                    new Comparison(
                            w.query().name() + "_vs_duckdb_thread_cpu",
                            "duckdb",
                            pqx.threadCpu.median(),
                            peer.threadCpu.median(),
                            "rows/thread-cpu-s"));
            report.result(
                    new Comparison(
                            w.query().name() + "_vs_duckdb",
                            "duckdb",
                            pqx.wall.median(),
                            peer.wall.median()));
            PageFloorLine.report(
                    w.query().name(),
                    w.file(),
                    w.query().columns(),
                    tableRows,
                    ContenderFigures.threadCpu(figures),
                    report);
        }
    }
}
