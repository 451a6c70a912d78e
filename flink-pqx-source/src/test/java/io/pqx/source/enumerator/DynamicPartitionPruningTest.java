package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.connector.source.DynamicFilteringData;
import org.apache.flink.table.connector.source.DynamicFilteringEvent;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/** Dynamic partition pruning on its own: what runtime filters Flink's DPP data becomes. */
class DynamicPartitionPruningTest {

    private static EnumeratorSettings settings(List<String> fields) {
        Predicate predicate =
                fields.isEmpty()
                        ? null
                        : Predicates.slot(DynamicFilteringSlots.slotName("id"), "id");
        return new EnumeratorSettings(
                new EnumeratorSettings.Files(
                        List.of("file:/nowhere"), List.of(), null, "__DEFAULT_PARTITION__"),
                new EnumeratorSettings.Discovery(0, 3_600_000L, false),
                new EnumeratorSettings.Planning(1, 2, 16),
                new EnumeratorSettings.Filtering(
                        TestingSourceFiles.ORDERS,
                        predicate,
                        StatisticsPruner.DEFAULT_IN_LIST_CAP,
                        fields,
                        0.01));
    }

    private static DynamicFilteringEvent ids(long... keys) throws IOException {
        RowType type = RowType.of(new LogicalType[] {new BigIntType()}, new String[] {"dim_id"});
        InternalTypeInfo<RowData> info = InternalTypeInfo.of(type);
        TypeSerializer<RowData> serializer = info.createSerializer(new SerializerConfigImpl());
        List<byte[]> rows = new ArrayList<>();
        for (long key : keys) {
            DataOutputSerializer out = new DataOutputSerializer(16);
            serializer.serialize(GenericRowData.of(key), out);
            rows.add(out.getCopyOfBuffer());
        }
        return new DynamicFilteringEvent(new DynamicFilteringData(info, type, rows, true));
    }

    @Test
    void theDataBecomesOneRuntimeFilterPerDynamicFilteringFieldOnItsSlot() throws IOException {
        List<RuntimeFilterEvent> filters =
                new DynamicPartitionPruning(settings(List.of("id"))).runtimeFilters(ids(3L, 9L));
        assertThat(filters)
                .extracting(RuntimeFilterEvent::slot)
                .containsExactly(DynamicFilteringSlots.slotName("id"));
        assertThat(filters.get(0).column().path()).containsExactly("id");
    }

    @Test
    void aSourceWithoutDynamicFilteringFieldsTakesNoFilterFromTheData() throws IOException {
        assertThat(new DynamicPartitionPruning(settings(List.of())).runtimeFilters(ids(3L)))
                .isEmpty();
    }
}
