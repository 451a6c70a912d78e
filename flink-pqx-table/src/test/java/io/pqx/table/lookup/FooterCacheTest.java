package io.pqx.table.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetFooter;
import io.pqx.format.ParquetReader;
import io.pqx.source.ListedFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

class FooterCacheTest {
    @TempDir Path dir;

    @Test
    void keepsTheMostRecentlyUsedAndOnlyListedFiles() throws Exception {
        TestingDimTable.writeFile(dir.resolve("f.parquet"), List.of(TestingDimTable.row(0)), 10);
        ParquetFooter footer;
        try (ParquetReader r = ParquetReader.open(new org.apache.flink.core.fs.Path(
                dir.resolve("f.parquet").toUri()))) {
            footer = r.footer();
        }
        ListedFile a = new ListedFile("a", 1, 1, Map.of());
        ListedFile b = new ListedFile("b", 1, 1, Map.of());
        ListedFile c = new ListedFile("c", 1, 1, Map.of());
        ListedFile aChanged = new ListedFile("a", 2, 1, Map.of());
        FooterCache cache = new FooterCache(2);
        cache.put(a, footer);
        cache.put(b, footer);
        cache.get(a);
        cache.put(c, footer); // evicts b, the least recently used
        assertThat(cache.get(a)).isSameAs(footer);
        assertThat(cache.get(b)).isNull();
        assertThat(cache.get(aChanged)).isNull();
        cache.retainOnly(Set.of(c));
        assertThat(cache.get(a)).isNull();
        assertThat(cache.size()).isEqualTo(1);
    }
}
