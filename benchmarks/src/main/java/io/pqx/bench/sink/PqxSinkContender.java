package io.pqx.bench.sink;

import io.pqx.bench.format.FormatSettings;
import io.pqx.format.options.Compression;
import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.options.RowGroupMode;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * pqx's side: {@link PqxSink} with the suite's {@link FormatSettings} as sink options: exact row
 * groups of {@code rowGroupRows} rows (the byte bound at its maximum so the row count decides, as
 * for the peer), ZSTD at the same level, the same page size, page row limit and dictionary setting,
 * and rolling by size out of reach (the peer rolls only on checkpoints, so each writes one file).
 * Encoding threads: the sink's default (available cores) or a fixed number ({@code pqx1}: one).
 * Immutable.
 *
 * <p>pqx has no dictionary-page-size option; it falls back from dictionary by its own rule, which
 * the per-column encodings in the report show.
 */
final class PqxSinkContender implements SinkContender {

    /** Far beyond the benchmark's one file, so only end of input closes it. */
    private static final MemorySize FILE_SIZE_OUT_OF_REACH = MemorySize.parse("1 tb");

    /** The largest byte bound the sink accepts; a 1,000,000-row lineitem group stays far below. */
    private static final MemorySize ROW_GROUP_BYTES_OUT_OF_REACH = MemorySize.parse("1 gb");

    private final String name;
    private final RowType rowType;
    private final FormatSettings settings;
    private final Integer encodingThreads;
    private final Map<String, String> extraOptions;

    private PqxSinkContender(
            String name,
            RowType rowType,
            FormatSettings settings,
            Integer encodingThreads,
            Map<String, String> extraOptions) {
        this.name = name;
        this.rowType = rowType;
        this.settings = settings;
        this.encodingThreads = encodingThreads;
        this.extraOptions = Map.copyOf(extraOptions);
    }

    /** pqx's sink with its default number of encoding threads. */
    static PqxSinkContender parallel(RowType rowType, FormatSettings settings) {
        return new PqxSinkContender(SinkContenders.PQX, rowType, settings, null, Map.of());
    }

    /** pqx's sink with {@code sink.encoding.threads=1}. */
    static PqxSinkContender singleThreaded(RowType rowType, FormatSettings settings) {
        return new PqxSinkContender(SinkContenders.PQX_SINGLE, rowType, settings, 1, Map.of());
    }

    /**
     * pqx's sink with the layout Flink's FileSink writes by default: one file, one row group
     * ({@code sink.row-group.rows} unbounded, the byte bound at its 1 gb maximum), default encoding
     * threads and memory budget, and {@code extraOptions} (sink option keys) over that.
     */
    static PqxSinkContender largeGroups(
            RowType rowType, FormatSettings settings, Map<String, String> extraOptions) {
        return new PqxSinkContender(
                SinkContenders.PQX_LARGE_GROUPS,
                rowType,
                settings.withRowGroupRows(Integer.MAX_VALUE),
                null,
                extraOptions);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void attach(DataStream<RowData> rows, Path dir) {
        rows.sinkTo(sink(dir)).name("pqx-sink-" + name);
    }

    /** The sink writing under {@code dir}. */
    PqxSink sink(Path dir) {
        var builder =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(rowType)
                        .set(PqxSinkOptions.ROW_GROUP_MODE, RowGroupMode.EXACT)
                        .set(PqxSinkOptions.ROW_GROUP_ROWS, settings.rowGroupRows())
                        .set(PqxSinkOptions.ROW_GROUP_BYTES, ROW_GROUP_BYTES_OUT_OF_REACH)
                        .set(PqxSinkOptions.COMPRESSION_CODEC, Compression.ZSTD)
                        .set(PqxSinkOptions.COMPRESSION_LEVEL, settings.zstdLevel())
                        .set(PqxSinkOptions.DICTIONARY_ENABLED, true)
                        .set(PqxSinkOptions.PAGE_SIZE, new MemorySize(settings.pageSizeBytes()))
                        .set(PqxSinkOptions.PAGE_ROW_LIMIT, settings.pageRowLimit())
                        .set(PqxSinkOptions.ROLLING_FILE_SIZE, FILE_SIZE_OUT_OF_REACH);
        if (encodingThreads != null) {
            builder.set(PqxSinkOptions.ENCODING_THREADS, encodingThreads);
        }
        builder.setAll(extraOptions);
        return builder.build();
    }

    @Override
    public String describe() {
        return "PqxSink, row-group mode exact, encoding threads "
                + (encodingThreads == null
                        ? "default (" + Runtime.getRuntime().availableProcessors() + " cores)"
                        : encodingThreads)
                + ", max in flight default, rolling by size out of reach, row groups of "
                + (settings.rowGroupRows() == Integer.MAX_VALUE
                        ? "unbounded rows (one per file)"
                        : settings.rowGroupRows() + " rows")
                + (extraOptions.isEmpty() ? "" : ", options " + new TreeMap<>(extraOptions));
    }
}
