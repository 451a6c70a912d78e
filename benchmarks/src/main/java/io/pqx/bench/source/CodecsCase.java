package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.format.DuckDbSession;
import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.PqxTableWriter;
import io.pqx.format.options.Compression;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Case {@value #NAME} of suite {@code source}: the unsorted 1 % query over copies of pqx's own file
 * written UNCOMPRESSED and with LZ4_RAW (otherwise pqx's file: 1M-row row groups, page index and
 * CRCs on), read by {@code pqx_reader}, {@code pqx_reader_nolate} and {@code duckdb}: what late
 * materialization and pqx's decoding cost when decompression costs little or nothing.
 */
final class CodecsCase implements SourceCase {
    static final String NAME = "codecs";

    private static final List<Compression> CODECS =
            List.of(Compression.UNCOMPRESSED, Compression.LZ4_RAW);

    /** One copy and the query named after its codec. */
    private record Copy(Path file, SourceQuery query) {}

    private final List<Copy> copies = new ArrayList<>();
    private long tableRows;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(SourceData data) throws Exception {
        tableRows = data.rows();
        SourceQuery unsorted = data.query(SourceSuite.UNSORTED);
        for (Compression codec : CODECS) {
            String suffix = codec.name().toLowerCase(Locale.ROOT).replace("_", "");
            Path file = data.dir().resolve("lineitem-" + suffix + ".parquet");
            PqxTableWriter.withCodec(FormatSettings.standard(), codec).write(data.table(), file);
            SourceQuery query = unsorted.named(SourceSuite.UNSORTED + "_" + suffix);
            copies.add(new Copy(file, query));
            data.report()
                    .info(
                            "file %s %s %s",
                            query.name(),
                            file.getFileName(),
                            FileLayout.of(file.toFile()).describe());
        }
    }

    @Override
    public void measure(DuckDbSession duckdb, BenchmarkArgs args, BenchmarkReport report)
            throws Exception {
        for (Copy copy : copies) {
            SourceQuery query = copy.query();
            Set<String> columns = query.columnsRead();
            Map<String, ContenderFigures> figures =
                    ReaderRounds.measure(
                            query,
                            copy.file(),
                            List.of(
                                    SourceReader.pqx(),
                                    SourceReader.pqxNoLate(),
                                    SourceReader.duckdb(duckdb)),
                            tableRows,
                            args,
                            PairedFloor.of(copy.file(), query, tableRows),
                            report);
            String name = query.name();
            report.result(
                    new Comparison(
                            name + "_vs_duckdb_thread_cpu",
                            "duckdb",
                            figures.get("pqx_reader").threadCpu.median(),
                            figures.get("duckdb").threadCpu.median(),
                            "rows/thread-cpu-s"));
            report.result(
                    new Comparison(
                            name + "_late_reader_thread_cpu",
                            "pqx_reader_nolate",
                            figures.get("pqx_reader").threadCpu.median(),
                            figures.get("pqx_reader_nolate").threadCpu.median(),
                            "rows/thread-cpu-s"));
            PageFloorLine.report(
                    name,
                    copy.file(),
                    columns,
                    tableRows,
                    ContenderFigures.threadCpu(figures),
                    query,
                    report);
        }
    }
}
