package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** POJOs through the sink on a MiniCluster, read back with pqx. */
class PqxPojoSinkITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    public static class Event {
        public long id;
        public String kind;

        public Event() {}

        Event(long id, String kind) {
            this.id = id;
            this.kind = kind;
        }
    }

    @Test
    void writesPojosAsRows(@TempDir Path dir) throws Exception {
        List<Event> events = new ArrayList<>();
        for (long i = 0; i < 5_000; i++) {
            events.add(new Event(i, i % 2 == 0 ? "even" : null));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        PqxPojoSink<Event> sink =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .set(PqxSinkOptions.ROW_GROUP_ROWS, 1_000)
                        .buildForPojo(Event.class);
        env.fromData(events).sinkTo(sink);
        env.execute("pojos");

        List<String> rows = new ArrayList<>();
        for (Path file : TestingSinkFiles.committed(dir)) {
            assertThat(TestingSinkFiles.footer(file).schema().fieldNames()).hasSize(2);
            rows.addAll(
                    TestingSinkFiles.read(
                            file,
                            r ->
                                    r.getLong(0)
                                            + ":"
                                            + (r.isNullAt(1)
                                                    ? "null"
                                                    : r.getString(1).toString())));
        }
        List<String> expected =
                new ArrayList<>(
                        events.stream()
                                .map(e -> e.id + ":" + (e.kind == null ? "null" : e.kind))
                                .toList());
        rows.sort(null);
        expected.sort(null);
        assertThat(rows).containsExactlyElementsOf(expected);
    }

    public static class Priced {
        public long id;
        public BigDecimal price;

        public Priced() {}

        Priced(long id, BigDecimal price) {
            this.id = id;
            this.price = price;
        }
    }

    @Test
    void aDecimalThatDoesNotFitFailsTheJobInsteadOfCommittingANull(@TempDir Path dir)
            throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        env.fromData(
                        List.of(
                                new Priced(1, new BigDecimal("1.5")),
                                new Priced(2, new BigDecimal("1e25"))))
                .sinkTo(
                        PqxSink.builder()
                                .basePath(dir.toUri().toString())
                                .buildForPojo(Priced.class));

        assertThatThrownBy(() -> env.execute("decimal-overflow"))
                .satisfies(
                        e ->
                                assertThat(
                                                ExceptionUtils.findThrowableWithMessage(
                                                        e,
                                                        "Cannot convert POJO field Priced.price:"
                                                                + " its value 1E+25 does not fit"))
                                        .isPresent());
        assertThat(TestingSinkFiles.committed(dir)).as("nothing published").isEmpty();
    }
}
