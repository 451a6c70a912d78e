package io.pqx.bench.sink;

import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.LineitemTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Who takes part in the {@code sink} suite's throughput case, every one given the same {@link
 * FormatSettings}: pqx's sink with parallel column encoding ({@code pqx}), pqx's sink with {@code
 * sink.encoding.threads=1} ({@code pqx1}) and Flink's FileSink with flink-parquet ({@code flink}),
 * all with the suite's row groups; and in the layout Flink's FileSink writes by default, one file
 * of one row group ({@code pqx_large_groups}, {@code flink_large_groups}). Only the {@code flink}
 * contenders with {@code --peer-only}; only those named by {@value #ONLY} when it is set.
 */
final class SinkContenders {

    static final String PQX = "pqx";
    static final String PQX_SINGLE = "pqx1";
    static final String PQX_LARGE_GROUPS = "pqx_large_groups";
    static final String FLINK_LARGE_GROUPS = "flink_large_groups";

    /** System property: the contenders to run, {@code name,name} (default: all). */
    static final String ONLY = "pqx.bench.sink.contenders";

    /**
     * System property: sink options of {@code pqx_large_groups} over its layout, {@code
     * key=value,key=value} (e.g. {@code sink.encoding.threads=1,sink.memory.budget=1gb}), to tell
     * apart what its time goes to.
     */
    static final String LARGE_GROUPS_OPTIONS = "pqx.bench.sink.largeGroupsOptions";

    private SinkContenders() {}

    static List<SinkContender> of(FormatSettings settings, boolean peerOnly) {
        List<SinkContender> contenders = new ArrayList<>();
        FormatSettings oneGroup = settings.withRowGroupRows(Integer.MAX_VALUE);
        if (!peerOnly) {
            contenders.add(PqxSinkContender.parallel(LineitemTable.ROW_TYPE, settings));
            contenders.add(PqxSinkContender.singleThreaded(LineitemTable.ROW_TYPE, settings));
            contenders.add(
                    PqxSinkContender.largeGroups(
                            LineitemTable.ROW_TYPE, settings, options(LARGE_GROUPS_OPTIONS)));
        }
        contenders.add(new FlinkFileSinkContender(LineitemTable.ROW_TYPE, settings));
        contenders.add(
                new FlinkFileSinkContender(FLINK_LARGE_GROUPS, LineitemTable.ROW_TYPE, oneGroup));
        String only = System.getProperty(ONLY, "").trim();
        if (only.isEmpty()) {
            return contenders;
        }
        Set<String> names =
                Arrays.stream(only.split(",")).map(String::trim).collect(Collectors.toSet());
        return contenders.stream().filter(c -> names.contains(c.name())).toList();
    }

    /** The {@code key=value,key=value} pairs of system property {@code property}. */
    private static Map<String, String> options(String property) {
        Map<String, String> options = new TreeMap<>();
        for (String pair : System.getProperty(property, "").split(",")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                options.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        return options;
    }
}
