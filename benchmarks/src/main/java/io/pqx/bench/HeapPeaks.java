package io.pqx.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Approximates the heap use of a stretch of work from GC notifications: the peak occupancy (the
 * largest heap use seen just before a collection, garbage included, so it mostly shows how far the
 * collector let the heap fill) and the peak live heap (the largest heap use just after a
 * collection, which shows what the work retains, e.g. a writer's buffered row group).
 *
 * <p>The JVM delivers GC notifications on its own thread, shortly after each collection, so the
 * figures are approximate (a collection in the last milliseconds may be missed). They include
 * everything on the heap, such as a suite's in-memory table. Thread-safe; one instance per JVM
 * through {@link #instance()}.
 */
public final class HeapPeaks {

    private static final HeapPeaks INSTANCE = new HeapPeaks();

    private final AtomicLong peak = new AtomicLong();
    private final AtomicLong peakLive = new AtomicLong();
    private final Set<String> heapPools;

    private HeapPeaks() {
        heapPools =
                ManagementFactory.getMemoryPoolMXBeans().stream()
                        .filter(pool -> pool.getType() == MemoryType.HEAP)
                        .map(MemoryPoolMXBean::getName)
                        .collect(Collectors.toUnmodifiableSet());
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener((n, handback) -> onNotification(n), null, null);
            }
        }
    }

    /** The JVM-wide watcher, listening from its first use on. */
    public static HeapPeaks instance() {
        return INSTANCE;
    }

    /** Starts a new stretch: forgets earlier peaks; the heap in use now counts as live. */
    public void reset() {
        long now = usedNow();
        peak.set(now);
        peakLive.set(now);
    }

    /** The peak heap occupancy since the last {@link #reset()}, garbage included, in bytes. */
    public long peakBytes() {
        return peak.accumulateAndGet(usedNow(), Math::max);
    }

    /** The largest heap use right after a collection since the last {@link #reset()}, in bytes. */
    public long peakLiveBytes() {
        return peakLive.get();
    }

    /**
     * Runs {@code work} on this thread while a sampler thread takes a {@link LiveHeapHistogram} (a
     * full collection, then the live objects by class) every {@code intervalMillis}, and returns
     * the sample with the most live bytes: the work's peak live heap, sampled independently of the
     * young generation's size (unlike {@link #peakLiveBytes()}, which reads nothing when no
     * collection happens), with what held it. A sample is taken before the work starts and one
     * after it ends. The forced collections slow the work down, so it must not be timed.
     */
    public static LiveHeapHistogram sampleLivePeak(Timed.Work<?> work, long intervalMillis)
            throws Exception {
        AtomicReference<LiveHeapHistogram> max = new AtomicReference<>(LiveHeapHistogram.take());
        Thread sampler =
                new Thread(
                        () -> {
                            while (!Thread.currentThread().isInterrupted()) {
                                keepLarger(max, LiveHeapHistogram.take());
                                try {
                                    Thread.sleep(intervalMillis);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        },
                        "pqx-bench-live-heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
        try {
            work.call();
        } finally {
            sampler.interrupt();
            sampler.join();
        }
        keepLarger(max, LiveHeapHistogram.take());
        return max.get();
    }

    private static void keepLarger(
            AtomicReference<LiveHeapHistogram> max, LiveHeapHistogram sample) {
        max.accumulateAndGet(sample, (a, b) -> b.totalBytes() > a.totalBytes() ? b : a);
    }

    /** Heap in use now, in bytes. */
    public static long usedNow() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private void onNotification(Notification notification) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        peak.accumulateAndGet(heapUsed(info.getGcInfo().getMemoryUsageBeforeGc()), Math::max);
        peakLive.accumulateAndGet(heapUsed(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
    }

    private long heapUsed(Map<String, MemoryUsage> pools) {
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool : pools.entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        return used;
    }
}
