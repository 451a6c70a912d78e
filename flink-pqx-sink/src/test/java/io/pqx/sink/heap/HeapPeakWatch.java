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
 * The heap peaks of this JVM since {@link #start()}: the largest heap use right after a collection
 * (the live heap, from GC notifications) and the sum of the heap pools' peak usage (occupancy,
 * garbage included: an upper bound). Thread-safe.
 */
final class HeapPeakWatch {

    private final AtomicLong peakAfterGc = new AtomicLong();

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
    }

    private static boolean isHeapPool(String name) {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getName().equals(name)) {
                return pool.getType() == MemoryType.HEAP;
            }
        }
        return false;
    }

    /** The largest heap use seen right after a collection, in bytes. */
    long peakLiveBytes() {
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
