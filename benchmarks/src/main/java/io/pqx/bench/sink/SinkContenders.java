package io.pqx.bench.sink;

import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.LineitemTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Who takes part in the {@code sink} suite, every one given the same {@link FormatSettings}: pqx's
 * sink with parallel column encoding ({@code pqx}), pqx's sink with {@code sink.encoding.threads=1}
 * ({@code pqx1}) and Flink's FileSink with flink-parquet ({@code flink}); only {@code flink} with
 * {@code --peer-only}.
 */
final class SinkContenders {

    static final String PQX = "pqx";
    static final String PQX_SINGLE = "pqx1";

    private SinkContenders() {}

    static List<SinkContender> of(FormatSettings settings, boolean peerOnly) {
        List<SinkContender> contenders = new ArrayList<>();
        if (!peerOnly) {
            contenders.add(PqxSinkContender.parallel(LineitemTable.ROW_TYPE, settings));
            contenders.add(PqxSinkContender.singleThreaded(LineitemTable.ROW_TYPE, settings));
        }
        contenders.add(new FlinkFileSinkContender(LineitemTable.ROW_TYPE, settings));
        return contenders;
    }
}
