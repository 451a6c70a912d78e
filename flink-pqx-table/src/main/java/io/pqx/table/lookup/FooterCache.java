package io.pqx.table.lookup;

import io.pqx.format.ParquetFooter;
import io.pqx.source.ListedFile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The footers one lookup task keeps, at most {@code capacity}, the least recently used evicted.
 * Keyed by the listed file (path, length, modification time, partition), so a file replaced by
 * another is a new key; a file no longer listed is removed by {@link #retainOnly}. Not
 * thread-safe: one per lookup function instance.
 */
final class FooterCache {
    private final int capacity;
    private final LinkedHashMap<ListedFile, ParquetFooter> footers;

    FooterCache(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("Cannot keep a negative number of footers: " + capacity);
        }
        this.capacity = capacity;
        this.footers = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<ListedFile, ParquetFooter> eldest) {
                return size() > FooterCache.this.capacity;
            }
        };
    }

    /** The footer kept for {@code file}, or null. */
    ParquetFooter get(ListedFile file) {
        return footers.get(file);
    }

    void put(ListedFile file, ParquetFooter footer) {
        if (capacity > 0) {
            footers.put(file, footer);
        }
    }

    void remove(ListedFile file) {
        footers.remove(file);
    }

    /** Drops the footers of files not in {@code listed}. */
    void retainOnly(Set<ListedFile> listed) {
        footers.keySet().retainAll(listed);
    }

    int size() {
        return footers.size();
    }
}
