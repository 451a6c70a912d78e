package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.metadata.RowGroupView;
import io.pqx.sink.options.RowGroupMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Batch execution, and the row-holding modes when Flink reuses objects. */
class PqxSinkModesITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(1)
                            .build());

    /** Emits the same mutable row object for every input: only copies survive being held. */
    static final class ReusingMapper implements MapFunction<Long, RowData> {
        private transient GenericRowData reused;

        @Override
        public RowData map(Long i) {
            if (reused == null) {
                reused = new GenericRowData(2);
            }
            reused.setField(0, 999_999 - i);
            reused.setField(1, StringData.fromString("p" + (i % 7)));
            return reused;
        }
    }

    @Test
    void batchExecutionCommitsAtEndOfInput(@TempDir Path dir) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(1);
        env.fromSequence(0, 99_999)
                .map(new ReusingMapper())
                .returns(InternalTypeInfo.of(TestingSinkRowTypes.ID_PAYLOAD))
                .sinkTo(
                        PqxSink.builder()
                                .basePath(dir.toUri().toString())
                                .rowType(TestingSinkRowTypes.ID_PAYLOAD)
                                .build());
        env.execute("batch");
        List<Long> ids = new ArrayList<>();
        for (Path file : TestingSinkFiles.committed(dir)) {
            ids.addAll(TestingSinkFiles.read(file, r -> r.getLong(0)));
        }
        ids.sort(null);
        assertThat(ids)
                .containsExactlyElementsOf(LongStream.range(900_000, 1_000_000).boxed().toList());
    }

    @Test
    void approximateSortedGroupsHoldCopiesWhenObjectsAreReused(@TempDir Path dir) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.getConfig().enableObjectReuse();
        env.setParallelism(1);
        // No checkpoints: one file, closed at end of input.
        env.fromSequence(0, 24_999)
                .map(new ReusingMapper())
                .returns(InternalTypeInfo.of(TestingSinkRowTypes.ID_PAYLOAD))
                .sinkTo(
                        PqxSink.builder()
                                .basePath(dir.toUri().toString())
                                .rowType(TestingSinkRowTypes.ID_PAYLOAD)
                                .set(PqxSinkOptions.ROW_GROUP_MODE, RowGroupMode.APPROXIMATE)
                                .set(PqxSinkOptions.ROW_GROUP_ROWS, 10_000)
                                .set(PqxSinkOptions.SORT_BY, List.of("id"))
                                .build());
        env.execute("approximate-sorted");

        List<Path> files = TestingSinkFiles.committed(dir);
        assertThat(files).hasSize(1);
        assertThat(TestingSinkFiles.footer(files.get(0)).rowGroups())
                .extracting(RowGroupView::numRows)
                .containsExactly(10_000L, 7_500L, 7_500L);
        List<Long> ids = TestingSinkFiles.read(files.get(0), r -> r.getLong(0));
        // Input ids fall from 999,999; each group holds its slice of the input, sorted ascending.
        List<Long> expected = new ArrayList<>();
        long[][] groups = {{990_000, 999_999}, {982_500, 989_999}, {975_000, 982_499}};
        for (long[] g : groups) {
            LongStream.rangeClosed(g[0], g[1]).forEach(expected::add);
        }
        assertThat(ids).containsExactlyElementsOf(expected);
    }
}
