package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.writer.PqxWriterState;
import io.pqx.sink.writer.TestingWriterContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
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
 * A job without periodic checkpoints (STREAMING without checkpointing, or BATCH) gets writers that
 * copy no rows of open row groups for checkpoints: one large exact-mode row group over a memory
 * budget that its pages fit but its pages plus a copy of its rows do not writes no row-log segment;
 * with checkpointing the same writer logs rows to stay within the budget. A savepoint that still
 * comes closes the open file, and every row is committed exactly once.
 */
class PqxSinkWithoutCheckpointsTest {
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false), new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "payload"});

    /** About 12 MiB of incompressible payload: its pages fit 16 mb, pages and a copy do not. */
    private static final int ROWS = 6_000;

    @TempDir Path dir;

    private PqxSink sink() {
        return PqxSink.builder()
                .basePath(dir.toUri().toString())
                .rowType(TYPE)
                .set(PqxSinkOptions.ENCODING_THREADS, 1)
                .set(PqxSinkOptions.ROW_GROUP_ROWS, 1_000_000)
                .set(PqxSinkOptions.MEMORY_BUDGET, MemorySize.parse("16 mb"))
                .build();
    }

    /** Builds the graph of a job writing into {@code sink}, which tells the sink the job's mode. */
    private static void translate(PqxSink sink, RuntimeExecutionMode mode, boolean checkpointing) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, mode);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        if (checkpointing) {
            env.enableCheckpointing(1_000);
        }
        env.fromSequence(0, 10)
                .map(i -> (RowData) GenericRowData.of(i, null))
                .returns(InternalTypeInfo.of(TYPE))
                .sinkTo(sink);
        env.getStreamGraph();
    }

    /** Writes {@link #ROWS} rows, with a checkpoint after {@code snapshotAt} rows (-1: none). */
    private List<PqxCommittable> write(
            PqxSink sink, TestingWriterContext context, int snapshotAt, List<PqxWriterState> states)
            throws Exception {
        Random random = new Random(11);
        List<PqxCommittable> committables = new ArrayList<>();
        try (StatefulSinkWriter<RowData, PqxWriterState> writer = sink.createWriter(context)) {
            @SuppressWarnings("unchecked")
            var committing = (CommittingSinkWriter<RowData, PqxCommittable>) writer;
            for (long id = 0; id < ROWS; id++) {
                writer.write(GenericRowData.of(id, StringData.fromString(text(random))), null);
                if (id == snapshotAt) {
                    committables.addAll(committing.prepareCommit());
                    states.addAll(writer.snapshotState(1));
                }
            }
            writer.flush(true);
            committables.addAll(committing.prepareCommit());
        }
        return committables;
    }

    @Test
    void streamingWithoutCheckpointingLogsNoRows() throws Exception {
        PqxSink sink = sink();
        translate(sink, RuntimeExecutionMode.STREAMING, false);
        TestingWriterContext context = new TestingWriterContext();
        List<PqxCommittable> committables = write(sink, context, -1, new ArrayList<>());
        assertThat(context.counter("pqxRowLogSpills")).isZero();
        assertThat(context.counter("pqxForcedFileCloses")).isZero();
        assertThat(TestingSinkFiles.hidden(dir))
                .as("no row-log segment, no in-progress file left")
                .noneMatch(p -> p.getFileName().toString().contains(".rows-"));
        assertThat(committables).hasSize(1);
        assertExactlyOnce(committables);
    }

    @Test
    void batchModeLogsNoRows() throws Exception {
        PqxSink sink = sink();
        translate(sink, RuntimeExecutionMode.BATCH, false);
        TestingWriterContext context = new TestingWriterContext();
        assertExactlyOnce(write(sink, context, -1, new ArrayList<>()));
        assertThat(context.counter("pqxRowLogSpills")).isZero();
    }

    @Test
    void withCheckpointingTheSameRowsAreLoggedToStayWithinTheBudget() throws Exception {
        PqxSink sink = sink();
        translate(sink, RuntimeExecutionMode.STREAMING, true);
        TestingWriterContext context = new TestingWriterContext();
        assertExactlyOnce(write(sink, context, -1, new ArrayList<>()));
        assertThat(context.counter("pqxRowLogSpills")).isGreaterThan(0);
        assertThat(context.counter("pqxRowLogSpilledRows")).isGreaterThan(0);
        assertThat(context.counter("pqxRowLogSpilledBytes"))
                .as("at least the payload of the rows spilled")
                .isGreaterThan(context.counter("pqxRowLogSpilledRows") * 2000);
    }

    @Test
    void aSavepointWithoutPeriodicCheckpointsClosesTheOpenFile() throws Exception {
        PqxSink sink = sink();
        translate(sink, RuntimeExecutionMode.STREAMING, false);
        TestingWriterContext context = new TestingWriterContext();
        List<PqxWriterState> states = new ArrayList<>();
        List<PqxCommittable> committables = write(sink, context, 2_500, states);
        assertThat(states).singleElement().satisfies(s -> assertThat(s.openFiles()).isEmpty());
        assertThat(committables)
                .as("the file closed at the savepoint, and the one after it")
                .hasSize(2);
        assertThat(committables.get(0).rowCount()).isEqualTo(2_501);
        assertExactlyOnce(committables);
    }

    private void assertExactlyOnce(List<PqxCommittable> committables) throws Exception {
        RecoverableWriter recoverable = FileSystem.getLocalFileSystem().createRecoverableWriter();
        for (PqxCommittable c : committables) {
            recoverable.recoverForCommit(c.recoverable()).commitAfterRecovery();
        }
        BitSet seen = new BitSet();
        long total = 0;
        for (Path file : TestingSinkFiles.committed(dir)) {
            for (long id : TestingSinkFiles.read(file, r -> r.getLong(0))) {
                assertThat(seen.get((int) id)).as("row %d twice", id).isFalse();
                seen.set((int) id);
                total++;
            }
        }
        assertThat(total).isEqualTo(ROWS);
    }

    private static String text(Random random) {
        char[] chars = new char[2048];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) ('!' + random.nextInt(90));
        }
        return new String(chars);
    }
}
