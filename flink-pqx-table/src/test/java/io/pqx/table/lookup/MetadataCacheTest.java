package io.pqx.table.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.ListedFile;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MetadataCacheTest {
    private static final ListedFile A = new ListedFile("file:/t/a.parquet", 10, 1, Map.of());
    private static final ListedFile B = new ListedFile("file:/t/b.parquet", 10, 1, Map.of());

    private static MetadataCache.Key key(ListedFile file, int part) {
        return new MetadataCache.Key(file, part);
    }

    @Test
    void keepsAtMostItsBytesEvictingTheLeastRecentlyUsed() {
        MetadataCache cache = new MetadataCache(100);
        cache.put(key(A, 1), "one", v -> 40);
        cache.put(key(A, 2), "two", v -> 40);
        assertThat(cache.get(key(A, 1), String.class)).isEqualTo("one"); // 2 is now the eldest
        cache.put(key(B, 3), "three", v -> 40);
        assertThat(cache.get(key(A, 2), String.class)).isNull();
        assertThat(cache.get(key(A, 1), String.class)).isEqualTo("one");
        assertThat(cache.get(key(B, 3), String.class)).isEqualTo("three");
        assertThat(cache.bytes()).isEqualTo(80);
        assertThat(cache.hits()).isEqualTo(3);
        assertThat(cache.misses()).isEqualTo(1);
    }

    @Test
    void aValueLargerThanTheCacheIsNotKeptAndReplacingOneCountsItOnce() {
        MetadataCache cache = new MetadataCache(100);
        cache.put(key(A, 1), "small", v -> 30);
        cache.put(key(A, 2), "huge", v -> 101);
        assertThat(cache.get(key(A, 2), String.class)).isNull();
        assertThat(cache.get(key(A, 1), String.class)).isEqualTo("small");
        cache.put(key(A, 1), "again", v -> 50);
        assertThat(cache.bytes()).isEqualTo(50);
        assertThat(new MetadataCache(0).size()).isZero();
    }

    @Test
    void filesGoneOrNoLongerListedAreDropped() {
        MetadataCache cache = new MetadataCache(1_000);
        cache.put(key(A, 1), "a1", v -> 10);
        cache.put(key(A, 2), "a2", v -> 10);
        cache.put(key(B, 1), "b1", v -> 10);
        cache.removeFile(A);
        assertThat(cache.size()).isEqualTo(1);
        cache.retainOnly(Set.of(A));
        assertThat(cache.size()).isZero();
        assertThat(cache.bytes()).isZero();
    }
}
