package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.Compression;
import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.TestingSinkRowTypes;
import io.pqx.sink.TestingSinks;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.RowGroupMode;
import io.pqx.sink.options.StatisticsLevel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

/**
 * Each group of {@link SinkSettings} refuses its own bad values wherever it is built, with the
 * builder's words, and the whole survives Java serialization (it travels to the TaskManagers).
 */
class SinkSettingsTest {

    private static SinkSettings built() {
        return TestingSinks.settings(
                PqxSink.builder()
                        .basePath("file:///tmp/unused")
                        .rowType(TestingSinkRowTypes.ONE_COLUMN)
                        .set(
                                PqxSinkOptions.SORT_BY,
                                List.of(TestingSinkRowTypes.ONE_COLUMN.getFieldNames().get(0)))
                        .build());
    }

    @Test
    void groupsRefuseTheirOwnBadValuesNamingTheOption() {
        assertThatThrownBy(() -> new SinkSettings.RowGroups(RowGroupMode.EXACT, 0, 1, 1))
                .hasMessage("Cannot build PqxSink: sink.row-group.rows must be > 0 but is 0");
        assertThatThrownBy(() -> new SinkSettings.Encoding(0, 1))
                .hasMessage("Cannot build PqxSink: sink.encoding.threads must be > 0 but is 0");
        assertThat(new SinkSettings.Encoding(null, 1).effectiveThreads()).isPositive();
        assertThatThrownBy(
                        () ->
                                new SinkSettings.FileLayout(
                                        Compression.GZIP,
                                        10,
                                        true,
                                        1 << 20,
                                        100,
                                        true,
                                        StatisticsLevel.PAGE,
                                        64,
                                        List.of(),
                                        1,
                                        0.01,
                                        List.of(),
                                        Map.of(),
                                        null))
                .hasMessage(
                        "Cannot build PqxSink: sink.compression.level must be between 0 and 9 for"
                                + " GZIP but is 10");
        assertThatThrownBy(
                        () ->
                                new SinkSettings.Rolling(
                                        "part-{uuid}-{count}.parquet",
                                        1,
                                        1 << 20,
                                        Duration.ofSeconds(1),
                                        Duration.ZERO,
                                        Duration.ofSeconds(1)))
                .hasMessage(
                        "Cannot build PqxSink: sink.rolling-policy.inactivity-interval must be > 0"
                                + " but is PT0S");
        assertThatThrownBy(
                        () ->
                                new SinkSettings.Checkpoints(
                                        false, OpenRowGroupPolicy.CARRY, 8L << 20, false))
                .hasMessageStartingWith(
                        "Cannot build PqxSink: sink.memory.budget must be at least 16 mb")
                .hasMessageEndingWith("but is 8 mb");
    }

    @Test
    void flushingOpenRowGroupsInExactModeIsRefusedAcrossGroups() {
        SinkSettings s = built();
        SinkSettings.Checkpoints flush =
                new SinkSettings.Checkpoints(
                        false, OpenRowGroupPolicy.FLUSH, SinkSettings.HEAP_SHARE_BUDGET, false);
        assertThatThrownBy(
                        () ->
                                new SinkSettings(
                                        s.rowGroups(),
                                        s.encoding(),
                                        s.layout(),
                                        s.rolling(),
                                        s.partitionCommit(),
                                        s.partitionWrites(),
                                        flush))
                .hasMessageStartingWith(
                        "Cannot build PqxSink: sink.checkpoint.open-row-group must not be flush in"
                                + " exact mode");
        SinkSettings.RowGroups approximate =
                new SinkSettings.RowGroups(
                        RowGroupMode.APPROXIMATE,
                        s.rowGroups().rows(),
                        s.rowGroups().bytes(),
                        s.rowGroups().minRows());
        assertThat(
                        new SinkSettings(
                                        approximate,
                                        s.encoding(),
                                        s.layout(),
                                        s.rolling(),
                                        s.partitionCommit(),
                                        s.partitionWrites(),
                                        flush)
                                .checkpoints()
                                .openRowGroup())
                .isEqualTo(OpenRowGroupPolicy.FLUSH);
    }

    @Test
    void survivesJavaSerialization() throws Exception {
        SinkSettings s = built();
        SinkSettings copy =
                InstantiationUtil.deserializeObject(
                        InstantiationUtil.serializeObject(s), getClass().getClassLoader());
        assertThat(copy).isEqualTo(s);
        assertThat(copy.layout().sortBy()).hasSize(1);
        assertThat(copy.layout().writeOptions().sortingColumns())
                .isEqualTo(s.layout().writeOptions().sortingColumns());
    }
}
