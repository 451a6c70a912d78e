package io.pqx.bench.sink;

import io.pqx.bench.format.FormatSettings;
import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkBuilder;
import io.pqx.sink.PqxSinkOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.formats.parquet.ParquetWriterFactory;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.sink.filesystem.OutputFileConfig;
import org.apache.flink.table.data.RowData;

/**
 * The two sides of the {@code sink} suite's partitioned cases ({@code streaming}, {@code wide}),
 * both writing {@link PartitionedRows} into {@code p=<value>} directories: pqx's sink at its
 * defaults with {@code partitionBy("p")} (and {@code sink.max-open-files} when a case sets it), and
 * Flink's {@code FileSink} with flink-parquet's writer at the suite's {@link
 * FormatSettings#standard()} (ZSTD 3, the same page settings as pqx's defaults), a {@link
 * PartitionBucketAssigner} and its default rolling policy (a new part file per bucket at every
 * checkpoint). pqx's defaults are on purpose: they are the behaviour being measured (how few, how
 * large files the defaults give). Immutable.
 */
final class PartitionedContenders {

    static final String PQX = "pqx";
    static final String FILESINK = "filesink";

    private PartitionedContenders() {}

    /** pqx's sink (unless {@code peerOnly}), then Flink's FileSink. */
    static List<SinkContender> of(OptionalInt maxOpenFiles, boolean peerOnly) {
        List<SinkContender> contenders = new ArrayList<>();
        if (!peerOnly) {
            contenders.add(new Pqx(maxOpenFiles));
        }
        contenders.add(new Flink());
        return contenders;
    }

    private static final class Pqx implements SinkContender {
        private final OptionalInt maxOpenFiles;

        Pqx(OptionalInt maxOpenFiles) {
            this.maxOpenFiles = maxOpenFiles;
        }

        /** System property: sink options over the defaults, {@code key=value,key=value}. */
        static final String OPTIONS = "pqx.bench.sink.pqxOptions";

        @Override
        public String name() {
            return PQX;
        }

        @Override
        public void attach(DataStream<RowData> rows, Path dir) {
            PqxSinkBuilder builder =
                    PqxSink.builder()
                            .basePath(dir.toUri().toString())
                            .rowType(PartitionedRows.TYPE)
                            .partitionBy(PartitionedRows.PARTITION_COLUMN);
            maxOpenFiles.ifPresent(n -> builder.set(PqxSinkOptions.MAX_OPEN_FILES, n));
            builder.setAll(extraOptions());
            rows.sinkTo(builder.build()).name("pqx-sink");
        }

        /**
         * Options of system property {@value #OPTIONS} ({@code key=value,key=value}), over the
         * defaults, for runs that change the sink's settings (a larger memory budget, say).
         */
        static Map<String, String> extraOptions() {
            Map<String, String> options = new TreeMap<>();
            for (String pair : System.getProperty(OPTIONS, "").split(",")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    options.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
                }
            }
            return options;
        }

        @Override
        public String describe() {
            return "PqxSink, default options"
                    + (extraOptions().isEmpty() ? "" : " but " + extraOptions())
                    + ", partitionBy(\"p\")"
                    + (maxOpenFiles.isPresent()
                            ? ", sink.max-open-files " + maxOpenFiles.getAsInt()
                            : "");
        }
    }

    private static final class Flink implements SinkContender {
        @Override
        public String name() {
            return FILESINK;
        }

        @Override
        public void attach(DataStream<RowData> rows, Path dir) {
            FileSink<RowData> sink =
                    FileSink.forBulkFormat(
                                    new org.apache.flink.core.fs.Path(dir.toUri()),
                                    new ParquetWriterFactory<>(
                                            new FlinkParquetWriterBuilder(
                                                    PartitionedRows.TYPE,
                                                    FormatSettings.standard())))
                            .withBucketAssigner(new PartitionBucketAssigner())
                            .withOutputFileConfig(
                                    OutputFileConfig.builder().withPartSuffix(".parquet").build())
                            .build();
            rows.sinkTo(sink).name("flink-filesink");
        }

        @Override
        public String describe() {
            return "FileSink.forBulkFormat + flink-parquet ParquetRowDataBuilder ("
                    + FormatSettings.standard().describe()
                    + "), bucket p=<value>, OnCheckpointRollingPolicy";
        }
    }
}
