package io.pqx.source.planning;

import io.pqx.format.metadata.FileMetadataView;
import io.pqx.source.discovery.DiscoveredFile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The footers read most recently, at most {@code capacity}, keyed by path, length and modification
 * time (a file rewritten in place is a new key). Thread-safe.
 */
public final class FooterCache {
    private record Key(String path, long length, long modificationTime) {}

    private final Map<Key, FileMetadataView> entries;

    public FooterCache(int capacity) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, FileMetadataView> eldest) {
                return size() > capacity;
            }
        };
    }

    public synchronized Optional<FileMetadataView> get(DiscoveredFile file) {
        return Optional.ofNullable(entries.get(key(file)));
    }

    public synchronized void put(DiscoveredFile file, FileMetadataView footer) {
        entries.put(key(file), footer);
    }

    public synchronized int size() {
        return entries.size();
    }

    private static Key key(DiscoveredFile file) {
        return new Key(file.path(), file.length(), file.modificationTime());
    }
}
