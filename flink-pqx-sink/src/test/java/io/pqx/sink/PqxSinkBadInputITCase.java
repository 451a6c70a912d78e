package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Bad input fails the job with a message naming column and file, and publishes nothing broken. */
class PqxSinkBadInputITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(1)
                            .build());

    /** Row 5000 has a null id although the column is NOT NULL. */
    static final class RowsWithANull implements GeneratorFunction<Long, RowData> {
        @Override
        public RowData map(Long i) {
            return GenericRowData.of(i == 5_000 ? null : i, StringData.fromString("p" + i));
        }
    }

    @Test
    void aNullInANotNullColumnFailsTheJobNamingColumnAndFile(@TempDir Path dir) throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        env.fromSource(
                        new DataGeneratorSource<>(
                                new RowsWithANull(),
                                10_000,
                                InternalTypeInfo.of(TestingSinkRowTypes.ID_PAYLOAD)),
                        WatermarkStrategy.noWatermarks(),
                        "rows")
                .sinkTo(
                        PqxSink.builder()
                                .basePath(dir.toUri().toString())
                                .rowType(TestingSinkRowTypes.ID_PAYLOAD)
                                .build());

        assertThatThrownBy(() -> env.execute("bad-input"))
                .satisfies(
                        e -> {
                            Optional<IllegalArgumentException> cause =
                                    ExceptionUtils.findThrowable(e, IllegalArgumentException.class);
                            assertThat(cause).isPresent();
                            String base = dir.toUri().getPath().replaceAll("/$", "");
                            String message = cause.get().getMessage();
                            assertThat(message)
                                    .contains("Cannot write row 5000: column id")
                                    .contains("(in-progress file file:" + base + "/.part-")
                                    .contains(" of part file file:" + base + "/part-")
                                    .contains("rows are counted from 0 in each file");
                            Matcher named =
                                    Pattern.compile("in-progress file file:(\\S+) of part file")
                                            .matcher(message);
                            assertThat(named.find()).isTrue();
                            assertThat(Path.of(named.group(1)))
                                    .as("the file the message names exists")
                                    .exists();
                        });
        for (Path file : TestingSinkFiles.committed(dir)) {
            assertThat(TestingSinkFiles.footer(file).numRows()).as("a complete file").isPositive();
        }
        for (Path hidden : TestingSinkFiles.hidden(dir)) {
            assertThat(hidden.getFileName().toString()).startsWith(".").contains(".inprogress");
        }
    }
}
