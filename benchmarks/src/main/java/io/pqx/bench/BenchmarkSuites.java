package io.pqx.bench;

import io.pqx.bench.format.FormatSuite;
import io.pqx.bench.fuzz.FuzzSuite;
import io.pqx.bench.lookup.LookupSuite;
import io.pqx.bench.sink.SinkSuite;
import io.pqx.bench.source.SourceSuite;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The registry of suites {@code benchmarks/run} knows, in the order they are listed.
 *
 * <p>A new suite is added with one line in {@link #REGISTERED}. Suites are created only when
 * chosen, so one suite's set-up never slows another's.
 */
public final class BenchmarkSuites {

    private static final Map<String, Supplier<BenchmarkSuite>> REGISTERED = new LinkedHashMap<>();

    static {
        REGISTERED.put("format", FormatSuite::new);
        REGISTERED.put("sink", SinkSuite::new);
        REGISTERED.put("source", SourceSuite::new);
        REGISTERED.put("lookup", LookupSuite::new);
        REGISTERED.put("fuzz", FuzzSuite::new);
    }

    private BenchmarkSuites() {}

    /** The suite called {@code name}, or empty when there is none. */
    public static Optional<BenchmarkSuite> find(String name) {
        Supplier<BenchmarkSuite> factory = REGISTERED.get(name);
        return factory == null ? Optional.empty() : Optional.of(factory.get());
    }

    /** One line per known suite: its name and summary. */
    public static String listing() {
        StringBuilder out = new StringBuilder();
        for (Supplier<BenchmarkSuite> factory : REGISTERED.values()) {
            BenchmarkSuite suite = factory.get();
            out.append(String.format("  %-8s %s%n", suite.name(), suite.summary()));
        }
        return out.toString();
    }
}
