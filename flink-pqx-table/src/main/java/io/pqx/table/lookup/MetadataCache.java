package io.pqx.table.lookup;

import io.pqx.source.ListedFile;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * What one lookup task keeps of the files it has read, so that a lookup reads no footer, page index
 * or bloom filter twice: values under keys of one file, at most {@code capacityBytes} in all (by
 * each value's estimated heap size), the least recently used evicted first. A value larger than the
 * whole capacity is not kept. Keys name the listed file (path, length, modification time), so a
 * replaced file is new; {@link #retainOnly} drops the files no longer listed. Thread-safe.
 */
final class MetadataCache {
    /**
     * A cached value's key: its file and what of it (the footer, a row group's bloom filter, ...).
     */
    record Key(ListedFile file, Object part) {}

    private record Entry(Object value, long bytes) {}

    private final long capacityBytes;
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
    private long bytes;
    private long hits;
    private long misses;

    MetadataCache(long capacityBytes) {
        if (capacityBytes < 0) {
            throw new IllegalArgumentException(
                    "Cannot keep a negative number of bytes: " + capacityBytes);
        }
        this.capacityBytes = capacityBytes;
    }

    /** The value kept under {@code key}, or null. */
    synchronized <T> T get(Key key, Class<T> type) {
        Entry e = entries.get(key);
        if (e == null) {
            misses++;
            return null;
        }
        hits++;
        return type.cast(e.value);
    }

    /**
     * Keeps {@code value} under {@code key}, evicting the least recently used beyond the capacity.
     */
    synchronized <T> void put(Key key, T value, ToLongFunction<T> size) {
        long b = Math.max(1, size.applyAsLong(value));
        if (b > capacityBytes) {
            return;
        }
        Entry old = entries.put(key, new Entry(value, b));
        bytes += b - (old == null ? 0 : old.bytes);
        Iterator<Map.Entry<Key, Entry>> eldest = entries.entrySet().iterator();
        while (bytes > capacityBytes && eldest.hasNext()) {
            Map.Entry<Key, Entry> e = eldest.next();
            bytes -= e.getValue().bytes;
            eldest.remove();
        }
    }

    /** Drops everything kept of {@code file}. */
    synchronized void removeFile(ListedFile file) {
        removeIf(key -> key.file.equals(file));
    }

    /** Drops everything kept of files not in {@code listed}. */
    synchronized void retainOnly(Set<ListedFile> listed) {
        removeIf(key -> !listed.contains(key.file));
    }

    private void removeIf(Predicate<Key> drop) {
        Iterator<Map.Entry<Key, Entry>> it = entries.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Key, Entry> e = it.next();
            if (drop.test(e.getKey())) {
                bytes -= e.getValue().bytes;
                it.remove();
            }
        }
    }

    synchronized long bytes() {
        return bytes;
    }

    synchronized int size() {
        return entries.size();
    }

    synchronized long hits() {
        return hits;
    }

    synchronized long misses() {
        return misses;
    }
}
