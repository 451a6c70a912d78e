package io.pqx.sink;

import io.pqx.sink.writer.SinkSettings;

/** Test access to what a built sink resolved, for tests outside the sink's top package. */
public final class TestingSinks {
    private TestingSinks() {}

    public static SinkSettings settings(PqxSink sink) {
        return sink.settings();
    }
}
