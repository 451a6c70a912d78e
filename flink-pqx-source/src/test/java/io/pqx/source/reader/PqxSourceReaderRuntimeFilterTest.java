package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.RuntimeFilter;
import io.pqx.format.predicate.SlotValues;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.runtimefilter.TestingRuntimeFilters;
import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;
import org.junit.jupiter.api.Test;

/** A reader's side of runtime filters: an event from the enumerator sets the slot in LiveSlots. */
class PqxSourceReaderRuntimeFilterTest {

    private static SourceReaderContext context() {
        return new SourceReaderContext() {
            @Override
            public SourceReaderMetricGroup metricGroup() {
                return UnregisteredMetricsGroup.createSourceReaderMetricGroup();
            }

            @Override
            public Configuration getConfiguration() {
                return new Configuration();
            }

            @Override
            public String getLocalHostName() {
                return "localhost";
            }

            @Override
            public int getIndexOfSubtask() {
                return 0;
            }

            @Override
            public void sendSplitRequest() {}

            @Override
            public void sendSourceEventToCoordinator(SourceEvent sourceEvent) {}

            @Override
            public UserCodeClassLoader getUserCodeClassLoader() {
                return SimpleUserCodeClassLoader.create(getClass().getClassLoader());
            }
        };
    }

    @Test
    void aFilterEventSetsItsSlotAndAnEqualOneChangesNothing() throws Exception {
        ReaderSettings settings =
                new ReaderSettings(
                        ReaderSettings.Rows.all(TestingSourceFiles.ORDERS, List.of()),
                        new ReaderSettings.Decoding(64, true, 4, true, true),
                        Long.MAX_VALUE);
        try (PqxSourceReader<RowData> reader = PqxSourceReader.ofRows(context(), settings)) {
            LiveSlots slots = reader.liveSlots();
            assertThat(slots.current()).isEqualTo(SlotValues.none());

            RuntimeFilterEvent ids = TestingRuntimeFilters.longKeys("ids", "id", List.of(3L, 9L));
            reader.handleSourceEvents(ids);
            assertThat(slots.current().get("ids")).containsSame(ids.filter());

            SlotValues before = slots.current();
            reader.handleSourceEvents(TestingRuntimeFilters.longKeys("ids", "id", List.of(3L, 9L)));
            assertThat(slots.current()).as("a re-sent equal filter").isSameAs(before);

            RuntimeFilterEvent empty =
                    RuntimeFilterEvent.of("qty", RuntimeFilter.empty(ColumnRef.of("qty")));
            reader.handleSourceEvents(empty);
            assertThat(slots.current().get("qty")).containsSame(empty.filter());
            assertThat(slots.current().get("ids")).containsSame(ids.filter());

            RuntimeFilterEvent newer = TestingRuntimeFilters.longKeys("ids", "id", List.of(4L));
            reader.handleSourceEvents(newer);
            assertThat(slots.current().get("ids")).containsSame(newer.filter());
        }
    }
}
