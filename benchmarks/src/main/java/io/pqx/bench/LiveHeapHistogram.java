package io.pqx.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * The live objects on the heap at one moment, by class: what {@code jcmd <pid> GC.class_histogram}
 * prints, taken in-process through the JVM's diagnostic command bean. Taking it forces a full
 * collection and counts only reachable objects, so {@link #totalBytes()} is the live heap exactly
 * (no allocation after the collection counts, unlike reading the heap in use after {@code
 * System.gc()}).
 *
 * <p>The JVM skips that collection while a thread holds a JNI critical region (zstd-jni compresses
 * inside one) and then counts garbage too: such a histogram is several hundred MiB too large. So
 * {@link #take()} checks that a full collection ran and tries again when none did. Immutable.
 */
public final class LiveHeapHistogram {

    /** A histogram line: {@code num: instances bytes class-name [(module)]}. */
    private static final Pattern LINE =
            Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+).*$");

    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)\\s*$");

    private final Map<String, Long> bytesByClass;
    private final long totalBytes;

    private LiveHeapHistogram(Map<String, Long> bytesByClass, long totalBytes) {
        this.bytesByClass = bytesByClass;
        this.totalBytes = totalBytes;
    }

    /** Attempts before {@link #take()} gives up on getting a full collection. */
    private static final int ATTEMPTS = 20;

    /**
     * Takes the histogram now, after a full collection.
     *
     * @throws IllegalStateException if no attempt got a full collection (see the class comment)
     */
    public static LiveHeapHistogram take() {
        List<GarbageCollectorMXBean> full = fullCollectors();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            long before = collections(full);
            LiveHeapHistogram histogram = takeOnce();
            if (full.isEmpty() || collections(full) > before) {
                return histogram;
            }
        }
        throw new IllegalStateException(
                "Cannot take a live class histogram: the JVM skipped the full collection "
                        + ATTEMPTS
                        + " times");
    }

    /**
     * The collectors that count full (old generation) collections: G1's "G1 Old Generation",
     * Parallel's "PS MarkSweep", Serial's "MarkSweepCompact". Empty for collectors without such a
     * bean (then every histogram is accepted).
     */
    private static List<GarbageCollectorMXBean> fullCollectors() {
        List<GarbageCollectorMXBean> full = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            String name = gc.getName();
            if (name.contains("Old") || name.contains("MarkSweep")) {
                full.add(gc);
            }
        }
        return full;
    }

    private static long collections(List<GarbageCollectorMXBean> collectors) {
        long count = 0;
        for (GarbageCollectorMXBean gc : collectors) {
            count += gc.getCollectionCount();
        }
        return count;
    }

    private static LiveHeapHistogram takeOnce() {
        try {
            Object text =
                    ManagementFactory.getPlatformMBeanServer()
                            .invoke(
                                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                                    "gcClassHistogram",
                                    new Object[] {new String[0]},
                                    new String[] {String[].class.getName()});
            return parse((String) text);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot take a class histogram of the heap", e);
        }
    }

    /** Parses the text of {@code GC.class_histogram}. */
    static LiveHeapHistogram parse(String text) {
        Map<String, Long> bytes = new HashMap<>();
        long total = -1;
        for (String line : text.split("\n")) {
            Matcher entry = LINE.matcher(line);
            if (entry.matches()) {
                bytes.merge(entry.group(3), Long.parseLong(entry.group(2)), Long::sum);
                continue;
            }
            Matcher sum = TOTAL.matcher(line.trim());
            if (sum.matches()) {
                total = Long.parseLong(sum.group(2));
            }
        }
        if (total < 0) {
            throw new IllegalStateException("No Total line in the class histogram");
        }
        return new LiveHeapHistogram(Map.copyOf(bytes), total);
    }

    /** Bytes of all live objects. */
    public long totalBytes() {
        return totalBytes;
    }

    /**
     * The {@code limit} classes whose live bytes grew most from {@code before} to this histogram,
     * largest growth first, as {@code class=+N KiB} strings.
     */
    public List<String> largestGrowthOver(LiveHeapHistogram before, int limit) {
        List<Map.Entry<String, Long>> growth = new ArrayList<>();
        for (Map.Entry<String, Long> entry : bytesByClass.entrySet()) {
            long delta = entry.getValue() - before.bytesByClass.getOrDefault(entry.getKey(), 0L);
            if (delta > 0) {
                growth.add(Map.entry(entry.getKey(), delta));
            }
        }
        growth.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Long> entry : growth.subList(0, Math.min(limit, growth.size()))) {
            lines.add(entry.getKey() + "=+" + (entry.getValue() / 1024) + " KiB");
        }
        return lines;
    }
}
