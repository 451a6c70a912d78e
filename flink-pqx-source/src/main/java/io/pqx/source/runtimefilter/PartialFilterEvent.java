package io.pqx.source.runtimefilter;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

/** A publisher subtask's partial filter (the keys it saw), sent to the publisher's coordinator. */
final class PartialFilterEvent implements OperatorEvent {
    private static final long serialVersionUID = 1L;
    private final RuntimeFilterEvent partial;

    PartialFilterEvent(RuntimeFilterEvent partial) {
        this.partial = partial;
    }

    RuntimeFilterEvent partial() {
        return partial;
    }

    @Override
    public String toString() {
        return "PartialFilterEvent{" + partial + "}";
    }
}
