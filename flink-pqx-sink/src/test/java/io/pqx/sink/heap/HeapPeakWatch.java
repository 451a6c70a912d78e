package io.pqx.sink.heap;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The heap peaks of this JVM since {@link #start()}, from GC notifications: the largest heap use
 * right after a full collection (the live heap: nothing dead survives one), the largest right after
 * any collection (a young collection leaves the old generation's garbage in place, so this is an
 * upper bound), and the sum of the heap pools' peak usage (occupancy, garbage included).
 * Thread-safe.
 */
final class HeapPeakWatch {

    private final AtomicLong peakAfterGc = new AtomicLong();
    private final AtomicLong peakAfterFullGc = new AtomicLong();

    private HeapPeakWatch() {}

    /** Starts listening to every collector's notifications. */
    static HeapPeakWatch start() {
        HeapPeakWatch watch = new HeapPeakWatch();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(
                        (n, handback) -> {
                            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION
                                    .equals(n.getType())) {
                                watch.onCollection(
                                        GarbageCollectionNotificationInfo.from(
                                                (CompositeData) n.getUserData()));
                            }
                        },
                        null,
                        null);
            }
        }
        return watch;
    }

    private void onCollection(GarbageCollectionNotificationInfo info) {
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool :
                info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (isHeapPool(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        peakAfterGc.accumulateAndGet(used, Math::max);
        if (info.getGcAction().contains("major")) {
            peakAfterFullGc.accumulateAndGet(used, Math::max);
        }
    }

    /** The largest heap use seen right after a full collection, in bytes (0 if none ran). */
    long peakLiveBytes() {
        return peakAfterFullGc.get();
    }

    private static boolean isHeapPool(String name) {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getName().equals(name)) {
                return pool.getType() == MemoryType.HEAP;
            }
        }
        return false;
    }

    /** The largest heap use seen right after any collection, in bytes: an upper bound. */
    long peakAfterAnyGcBytes() {
        return peakAfterGc.get();
    }

    /** The sum of the heap pools' peak usage since the JVM started, in bytes. */
    static long poolPeaksBytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
