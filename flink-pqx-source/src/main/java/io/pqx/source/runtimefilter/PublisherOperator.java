package io.pqx.source.runtimefilter;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.apache.flink.runtime.operators.coordination.OperatorEventGateway;
import org.apache.flink.runtime.operators.coordination.OperatorEventHandler;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * One subtask of a runtime-filter publisher: passes every record on unchanged, adds its key to a
 * {@link KeyAccumulator}, and at the end of its input sends the keys seen (a partial filter) to the
 * publisher's coordinator, which publishes once every subtask has. The partial and whether it was
 * sent are kept in operator state; a subtask restored after sending sends it again in {@link
 * #open()} (the coordinator replaces a subtask's partial with the one re-sent).
 */
final class PublisherOperator<T> extends AbstractStreamOperator<T>
        implements OneInputStreamOperator<T, T>, BoundedOneInput, OperatorEventHandler {
    private static final long serialVersionUID = 1L;
    private static final String STATE_NAME = "pqx-runtime-filter-partial";

    private final KeySelector<T, ?> keySelector;
    private final KeyAccumulator keys;
    private final OperatorEventGateway coordinator;
    private transient ListState<byte[]> state;
    private boolean sent;

    PublisherOperator(
            StreamOperatorParameters<T> parameters,
            KeySelector<T, ?> keySelector,
            KeyAccumulator keys,
            OperatorEventGateway coordinator) {
        super(parameters);
        this.keySelector = keySelector;
        this.keys = keys;
        this.coordinator = coordinator;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        state =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        STATE_NAME,
                                        PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO));
        if (context.isRestored()) {
            for (byte[] entry : state.get()) {
                DataInputStream in = new DataInputStream(new ByteArrayInputStream(entry));
                int version = in.readInt();
                if (version != RuntimeFilterEventSerializer.VERSION) {
                    throw new IOException(
                            "Cannot restore a runtime filter publisher: partial of"
                                    + " version "
                                    + version
                                    + ", this pqx reads version "
                                    + RuntimeFilterEventSerializer.VERSION);
                }
                sent |= in.readBoolean();
                keys.addAll(RuntimeFilterEventSerializer.read(in));
            }
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        if (sent) {
            send(); // the coordinator may have lost it, or never merged it (rule 4)
        }
    }

    @Override
    public void processElement(StreamRecord<T> element) throws Exception {
        keys.add(keySelector.getKey(element.getValue()));
        output.collect(element);
    }

    @Override
    public void endInput() throws Exception {
        sent = true;
        send();
    }

    private void send() {
        coordinator.sendEventToCoordinator(new PartialFilterEvent(keys.toEvent()));
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(RuntimeFilterEventSerializer.VERSION);
        out.writeBoolean(sent);
        RuntimeFilterEventSerializer.write(keys.toEvent(), out);
        out.flush();
        state.update(List.of(bytes.toByteArray()));
    }

    @Override
    public void handleOperatorEvent(OperatorEvent event) {
        // the coordinator sends nothing to its subtasks
    }
}
