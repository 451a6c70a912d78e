package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.connector.source.DynamicFilteringData;
import org.apache.flink.table.connector.source.DynamicFilteringEvent;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flink's dynamic filtering (DPP) data in the enumerator: turned into runtime filters by position,
 * partitions and row groups pruned, kept whole when the data keeps everything or does not fit, and
 * no split handed out while the pending splits are re-evaluated.
 */
class PqxSplitEnumeratorDynamicFilteringTest {
    private static final long HOUR = 3_600_000L;
    private static final String ID_SLOT = DynamicFilteringSlots.slotName("id");
    private static final String DAY_SLOT = DynamicFilteringSlots.slotName("day");

    @TempDir Path dir;

    private static RowType withDay() {
        List<RowType.RowField> fields = new ArrayList<>(TestingSourceFiles.ORDERS.getFields());
        fields.add(new RowType.RowField("day", new VarCharType(VarCharType.MAX_LENGTH)));
        return new RowType(fields);
    }

    /** day=a: ids 0..499, day=b: 500..999, row groups of 100, one split per row group. */
    private EnumeratorSettings settings(List<String> fields) throws IOException {
        TestingSourceFiles.writeOrders(dir.resolve("day=a/x.parquet"), 0, 500, 100);
        TestingSourceFiles.writeOrders(dir.resolve("day=b/y.parquet"), 500, 1000, 100);
        List<Predicate> slots = new ArrayList<>();
        for (String field : fields) {
            slots.add(Predicates.slot(DynamicFilteringSlots.slotName(field), field));
        }
        Predicate predicate = slots.size() == 1 ? slots.get(0) : Predicates.and(slots);
        return new EnumeratorSettings(
                new EnumeratorSettings.Files(
                        List.of(dir.toUri().toString()),
                        List.of("day"),
                        null,
                        "__DEFAULT_PARTITION__"),
                new EnumeratorSettings.Discovery(0, HOUR, false),
                new EnumeratorSettings.Planning(1, 2, 16),
                new EnumeratorSettings.Filtering(
                        withDay(), predicate, StatisticsPruner.DEFAULT_IN_LIST_CAP, fields, 0.01));
    }

    /**
     * Dynamic filtering data of {@code rows} of a dimension row type (other names than the fact's).
     */
    private static DynamicFilteringEvent data(RowType type, boolean filtering, RowData... rows)
            throws IOException {
        InternalTypeInfo<RowData> info = InternalTypeInfo.of(type);
        TypeSerializer<RowData> serializer = info.createSerializer(new SerializerConfigImpl());
        List<byte[]> bytes = new ArrayList<>();
        for (RowData row : rows) {
            DataOutputSerializer out = new DataOutputSerializer(64);
            serializer.serialize(row, out);
            bytes.add(out.getCopyOfBuffer());
        }
        return new DynamicFilteringEvent(new DynamicFilteringData(info, type, bytes, filtering));
    }

    private static RowType dimType(LogicalType... types) {
        String[] names = new String[types.length];
        for (int i = 0; i < types.length; i++) {
            names[i] = "dim_f" + i;
        }
        return RowType.of(types, names);
    }

    private static void drain(PqxSplitEnumerator e, TestingEnumeratorContext ctx) {
        for (int round = 0; round < 30; round++) {
            e.handleSplitRequest(0, null);
        }
    }

    private static List<Long> firstIds(List<RowGroupSplit> splits) {
        List<Long> out = new ArrayList<>();
        for (RowGroupSplit s : splits) {
            out.add(s.firstRowGroup() * 100L + (s.path().contains("day=b") ? 500 : 0));
        }
        out.sort(null);
        return out;
    }

    @Test
    void partitionAndDataFieldsAreMatchedByPositionAndPrunePartitionsAndRowGroups()
            throws Exception {
        EnumeratorSettings settings = settings(List.of("day", "id"));
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            assertThat(e.snapshotState(1).pendingSplits()).hasSize(10);
            // (day, id) tuples: ('a', 250) and ('b', 720); a NULL id matches nothing
            e.handleSourceEvent(
                    0,
                    data(
                            dimType(new VarCharType(VarCharType.MAX_LENGTH), new BigIntType()),
                            true,
                            GenericRowData.of(StringData.fromString("a"), 250L),
                            GenericRowData.of(StringData.fromString("b"), 720L),
                            GenericRowData.of(StringData.fromString("b"), null)));
            assertThat(ctx.events.get(0))
                    .as("one runtime filter per field, forwarded to the reader")
                    .extracting(ev -> ((RuntimeFilterEvent) ev).slot())
                    .containsExactly(DAY_SLOT, ID_SLOT);
            e.handleSplitRequest(0, null);
            assertThat(ctx.allAssigned())
                    .as("nothing handed out while the pending splits are decided")
                    .isEmpty();
            ctx.runAsync();
            drain(e, ctx);
            // the id range [250, 720] keeps row groups 200..799 of both partitions
            assertThat(firstIds(ctx.allAssigned()))
                    .containsExactly(200L, 300L, 400L, 500L, 600L, 700L);
            assertThat(ctx.noMoreSplits).containsExactly(0);
            assertThat(e.pruningMetrics().splitsPrunedByRuntimeFilter()).isEqualTo(4);
            RuntimeFilterEvent ids = (RuntimeFilterEvent) ctx.events.get(0).get(1);
            assertThat(ids.filter().keys().orElseThrow().mightContain(250L)).isTrue();
            assertThat(ids.filter().keys().orElseThrow().mightContain(720)).isTrue();
        }
    }

    @Test
    void onlyThePartitionsOfTheDataAreRead() throws Exception {
        EnumeratorSettings settings = settings(List.of("day"));
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            // the data arrives before the listing is planned: files of day=a are never planned
            e.handleSourceEvent(
                    0,
                    data(
                            dimType(new VarCharType(VarCharType.MAX_LENGTH)),
                            true,
                            GenericRowData.of(StringData.fromString("b")),
                            GenericRowData.of(StringData.fromString("c"))));
            ctx.runAsync();
            drain(e, ctx);
            assertThat(ctx.allAssigned()).hasSize(5).allMatch(s -> s.path().contains("day=b"));
            assertThat(e.pruningMetrics().filesPrunedByPartition()).isEqualTo(1);
        }
    }

    @Test
    void dataThatKeepsEverythingOrDoesNotFitFiltersNothing() throws Exception {
        EnumeratorSettings settings = settings(List.of("id"));
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            e.handleSourceEvent(0, data(dimType(new BigIntType()), false, GenericRowData.of(5L)));
            // a string for a BIGINT column, and data of two fields for one
            e.handleSourceEvent(
                    0,
                    data(
                            dimType(new VarCharType(VarCharType.MAX_LENGTH)),
                            true,
                            GenericRowData.of(StringData.fromString("x"))));
            e.handleSourceEvent(
                    0,
                    data(
                            dimType(new BigIntType(), new BigIntType()),
                            true,
                            GenericRowData.of(5L, 6L)));
            ctx.runAsync();
            assertThat(ctx.events).isEmpty();
            drain(e, ctx);
            assertThat(ctx.allAssigned()).hasSize(10);
        }
    }

    @Test
    void emptyDataEndsTheSourceWithNoSplit() throws Exception {
        EnumeratorSettings settings = settings(List.of("id"));
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            e.handleSourceEvent(0, 0, data(dimType(new BigIntType()), true)); // an attempt's event
            ctx.runAsync();
            drain(e, ctx);
            assertThat(ctx.allAssigned()).isEmpty();
            assertThat(ctx.noMoreSplits).containsExactly(0);
        }
    }

    @Test
    void aListingPlannedBeforeTheDataArrivedIsReevaluatedWhenMerged() throws Exception {
        EnumeratorSettings settings = settings(List.of("id"));
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            // the listing is planned, then the data arrives, then the listing is merged
            ctx.runAsync(
                    () -> {
                        try {
                            e.handleSourceEvent(
                                    0,
                                    data(dimType(new BigIntType()), true, GenericRowData.of(420L)));
                        } catch (IOException ex) {
                            throw new AssertionError(ex);
                        }
                    });
            e.handleSplitRequest(0, null);
            assertThat(ctx.allAssigned()).isEmpty();
            ctx.runAsync();
            drain(e, ctx);
            assertThat(firstIds(ctx.allAssigned())).containsExactly(400L);
        }
    }
}
