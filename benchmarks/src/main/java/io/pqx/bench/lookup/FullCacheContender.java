package io.pqx.bench.lookup;

import io.pqx.format.ParquetReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.util.CloseableIterator;

/**
 * A full in-memory cache of the table, as Flink's full lookup cache holds one: every row read once
 * (pqx's reader), copied into a {@code BinaryRowData} by Flink's {@link RowDataSerializer} and
 * grouped by key in a {@code HashMap<Long, List<RowData>>}; lookups are map gets. Building it is
 * {@link #open()}, not timed (its time is reported). Not thread-safe.
 */
final class FullCacheContender implements LookupContender {
    private final List<Path> files;
    private Map<Long, List<RowData>> rowsByKey;
    private long buildNanos;

    FullCacheContender(List<Path> files) {
        this.files = List.copyOf(files);
    }

    @Override
    public String name() {
        return "fullcache";
    }

    @Override
    public void open() throws Exception {
        long start = System.nanoTime();
        RowDataSerializer serializer = new RowDataSerializer(DimensionTable.ROW_TYPE);
        Map<Long, List<RowData>> map = new HashMap<>();
        for (Path file : files) {
            try (ParquetReader reader =
                            ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                    CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
                while (rows.hasNext()) {
                    RowData row = rows.next();
                    RowData copy = serializer.toBinaryRow(row).copy();
                    map.computeIfAbsent(copy.getLong(0), k -> new ArrayList<>(1)).add(copy);
                }
            }
        }
        rowsByKey = map;
        buildNanos = System.nanoTime() - start;
    }

    @Override
    public Collection<RowData> lookup(long key) {
        List<RowData> rows = rowsByKey.get(key);
        return rows == null ? List.of() : rows;
    }

    @Override
    public String facts() {
        return String.format(
                Locale.ROOT,
                "built in %.1f s from %d keys",
                buildNanos / 1e9,
                rowsByKey == null ? 0 : rowsByKey.size());
    }

    @Override
    public void close() {
        rowsByKey = null;
    }
}
