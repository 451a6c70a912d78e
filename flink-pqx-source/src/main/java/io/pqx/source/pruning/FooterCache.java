package io.pqx.source.pruning;

import io.pqx.source.discovery.DiscoveredFile;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.annotation.Internal;

/**
 * The footers read most recently, at most {@code capacity}, keyed by path, length and modification
 * time (a file rewritten in place is a new key). The enumerator keeps footer views ({@code
 * FileMetadataView}) to plan with; each split reader keeps its own cache of format footers ({@code
 * ParquetFooter}) to open the next split of a file without reading its footer again. Thread-safe.
 *
 * @param <F> what is kept of a footer
 */
@Internal
public final class FooterCache<F> {
    private record Key(String path, long length, long modificationTime) {}

    private final Map<Key, F> entries;

    public FooterCache(int capacity) {
        this.entries =
                new LinkedHashMap<>(16, 0.75f, true) {
                    @Override
                    protected boolean removeEldestEntry(Map.Entry<Key, F> eldest) {
                        return size() > capacity;
                    }
                };
    }

    public Optional<F> get(DiscoveredFile file) {
        return get(file.path(), file.length(), file.modificationTime());
    }

    public synchronized Optional<F> get(String path, long length, long modificationTime) {
        return Optional.ofNullable(entries.get(new Key(path, length, modificationTime)));
    }

    public void put(DiscoveredFile file, F footer) {
        put(file.path(), file.length(), file.modificationTime(), footer);
    }

    public synchronized void put(String path, long length, long modificationTime, F footer) {
        entries.put(new Key(path, length, modificationTime), footer);
    }

    public synchronized int size() {
        return entries.size();
    }
}
