package io.pqx.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.stream.Collectors;

/**
 * Prints what the figures depend on: JVM, options, heap limit, collectors and cores. Called once by
 * {@link BenchmarkMain} before a suite runs.
 */
public final class JvmReport {

    private static final long MIB = 1024 * 1024;

    private JvmReport() {}

    /** Prints the JVM facts as {@code INFO jvm ...} lines. */
    public static void print(BenchmarkReport report) {
        Runtime runtime = Runtime.getRuntime();
        report.info(
                "jvm %s %s (%s), cores=%d, max heap=%d MiB",
                System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"),
                System.getProperty("os.arch"),
                runtime.availableProcessors(),
                runtime.maxMemory() / MIB);
        report.info(
                "jvm gc=%s args=%s",
                ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(GarbageCollectorMXBean::getName)
                        .collect(Collectors.joining(",")),
                ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /** Mebibytes, rounded down, for printing. */
    public static long mib(long bytes) {
        return bytes / MIB;
    }
}
