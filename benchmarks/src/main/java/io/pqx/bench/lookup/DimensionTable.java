package io.pqx.bench.lookup;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * The dimension table of suite {@code lookup}: {@code k BIGINT, name STRING, qty INT, price
 * DECIMAL(12, 2)}, one row per key, keys {@code FIRST_KEY + 2 i} for {@code i < rows} (so every odd
 * key inside the range is a gap, absent), written in key order into {@code files} files with a
 * bloom filter on {@code k}. The payload of a row is a function of its key and the seed, so a
 * lookup's answer is checked without holding the table: {@link #check}. Immutable.
 *
 * @param rows rows in the table
 * @param files files it is written into, in key order (file {@code f} holds a contiguous range)
 * @param rowGroupRows rows per row group
 * @param pageRowLimit most rows per data page
 * @param seed of the payload
 */
public record DimensionTable(long rows, int files, int rowGroupRows, int pageRowLimit, long seed) {

    /** The smallest key; keys below it are outside the range. */
    static final long FIRST_KEY = 1_000_000;

    static final int PRICE_PRECISION = 12;
    static final int PRICE_SCALE = 2;

    /** The table's row type, nullable columns as the SQL table declares them. */
    static final RowType ROW_TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new IntType(),
                        new DecimalType(PRICE_PRECISION, PRICE_SCALE)
                    },
                    new String[] {"k", "name", "qty", "price"});

    /** The key of row {@code i}. */
    static long key(long i) {
        return FIRST_KEY + 2 * i;
    }

    /** The largest key. */
    long lastKey() {
        return key(rows - 1);
    }

    /** Whether {@code k} is a key of the table. */
    boolean holds(long k) {
        return k >= FIRST_KEY && k <= lastKey() && ((k - FIRST_KEY) & 1) == 0;
    }

    /** The row of key {@code k} (which must be one of the table's). */
    RowData row(long k) {
        long h = mix(k ^ seed);
        int suffix = (int) ((h >>> 40) % 20);
        String name = "customer#" + k + "-" + "abcdefghijklmnopqrst".substring(0, suffix);
        int qty = (int) ((h >>> 8) % 1_000);
        long cents = Math.floorMod(h, 10_000_000L);
        return GenericRowData.of(
                k,
                StringData.fromString(name),
                qty,
                DecimalData.fromUnscaledLong(cents, PRICE_PRECISION, PRICE_SCALE));
    }

    /**
     * Checks one lookup's answer for key {@code k}: the row of {@code k} alone when the table holds
     * it, nothing otherwise. Returns null when right, else what is wrong.
     */
    String check(long k, Collection<RowData> answer) {
        int size = answer == null ? 0 : answer.size();
        if (!holds(k)) {
            return size == 0 ? null : "key " + k + " is absent, got " + size + " rows";
        }
        if (size != 1) {
            return "key " + k + " is present once, got " + size + " rows";
        }
        RowData got = answer.iterator().next();
        RowData want = row(k);
        if (got.getArity() != 4
                || got.isNullAt(0)
                || got.getLong(0) != k
                || got.isNullAt(1)
                || !got.getString(1).equals(want.getString(1))
                || got.isNullAt(2)
                || got.getInt(2) != want.getInt(2)
                || got.isNullAt(3)
                || !got.getDecimal(3, PRICE_PRECISION, PRICE_SCALE)
                        .equals(want.getDecimal(3, PRICE_PRECISION, PRICE_SCALE))) {
            return "key " + k + ": got " + got + ", want " + want;
        }
        return null;
    }

    /**
     * Writes the table into {@code dir} as {@code part-<f>.parquet}; returns the files. ZSTD 3,
     * data pages v1 of at most 1 MiB and {@link #pageRowLimit} rows, dictionary on (the keys fall
     * back to plain), statistics and page index on, a bloom filter on {@code k} sized for one row
     * group's keys at 1 % false positives.
     */
    List<Path> write(Path dir) throws IOException {
        WriteOptions options =
                WriteOptions.builder()
                        .codec(Compression.ZSTD)
                        .compressionLevel(3)
                        .pageVersion(PageVersion.V1)
                        .dictionaryEnabled(true)
                        .pageSizeBytes(1 << 20)
                        .pageRowLimit(pageRowLimit)
                        .rowGroupRows(rowGroupRows)
                        .rowGroupBytes(WriteOptions.MAX_ROW_GROUP_BYTES)
                        .bloomFilter("k", new BloomFilterSpec(rowGroupRows, 0.01))
                        .build();
        List<Path> written = new ArrayList<>();
        long perFile = (rows + files - 1) / files;
        for (int f = 0; f < files; f++) {
            Path file = dir.resolve(String.format("part-%03d.parquet", f));
            long from = f * perFile;
            long to = Math.min(rows, from + perFile);
            try (ParquetWriter writer =
                    ParquetWriter.builder(ROW_TYPE)
                            .options(options)
                            .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
                for (long i = from; i < to; i++) {
                    writer.write(row(key(i)));
                }
            }
            written.add(file);
        }
        return written;
    }

    /** SplitMix64's finalizer: a well-mixed 64-bit hash. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
