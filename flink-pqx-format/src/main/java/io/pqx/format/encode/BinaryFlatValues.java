package io.pqx.format.encode;

import io.pqx.format.page.FlatPageStatistics;
import java.util.Arrays;
import javax.annotation.Nullable;

/**
 * {@link FlatValues} of BINARY values (strings, JSON, binary). Page min/max, when asked for, are
 * taken from each distinct value once per page while the dictionary is in use (the page's min and
 * max are its distinct values' min and max), from every value after.
 */
final class BinaryFlatValues extends FlatValues {
    private final BinaryDictionary dictionary = new BinaryDictionary();

    /** Per dictionary id, the last page (numbered from 1) whose statistics have taken it. */
    private int[] seenOnPage = new int[1024];

    private int page = 1;

    BinaryFlatValues(boolean dictionary, int maxDictionaryBytes) {
        super(dictionary, maxDictionaryBytes);
    }

    /**
     * Binaries {@code from} to {@code to} of a buffer that ends binary i at offsets[i + 1]; {@code
     * stats}, if not null, takes the page's min/max.
     */
    void addBinaries(
            byte[] bytes, int[] offsets, int from, int to, @Nullable FlatPageStatistics stats) {
        rawBytes += 4L * (to - from) + (offsets[to] - offsets[from]);
        if (plainOnly) {
            plain.putBinaries(bytes, offsets, from, to);
            addAll(bytes, offsets, from, to, stats);
            return;
        }
        reserveIds(to - from);
        int[] pageIds = ids;
        int count = idCount;
        BinaryDictionary d = dictionary;
        for (int i = from; i < to; i++) {
            int start = offsets[i];
            int length = offsets[i + 1] - start;
            int id = d.idOf(bytes, start, length);
            pageIds[count++] = id;
            if (stats != null) {
                if (id >= seenOnPage.length) {
                    seenOnPage = Arrays.copyOf(seenOnPage, ArrayGrowth.doubled(seenOnPage.length));
                }
                if (seenOnPage[id] != page) {
                    seenOnPage[id] = page;
                    stats.add(bytes, start, length);
                }
            }
            if (pageIds[count - 1] == d.size() - 1 && dictionaryTooBig()) {
                idCount = count;
                fallBack();
                plain.putBinaries(bytes, offsets, i + 1, to);
                addAll(bytes, offsets, i + 1, to, stats);
                return;
            }
        }
        idCount = count;
    }

    @Override
    void pageEnded() {
        page++;
    }

    private static void addAll(
            byte[] bytes, int[] offsets, int from, int to, @Nullable FlatPageStatistics stats) {
        if (stats != null) {
            for (int i = from; i < to; i++) {
                int start = offsets[i];
                stats.add(bytes, start, offsets[i + 1] - start);
            }
        }
    }

    @Override
    int dictionarySize() {
        return dictionary.size();
    }

    @Override
    long dictionaryBytes() {
        return 4L * dictionary.size() + dictionary.entryBytes();
    }

    @Override
    void writeIdsAsPlain() {
        for (int i = 0; i < idCount; i++) {
            dictionary.writeEntry(ids[i], plain);
        }
    }

    @Override
    long dictionaryAllocatedBytes() {
        return dictionary.allocatedBytes();
    }

    @Override
    void clearDictionary() {
        dictionary.clear();
    }

    @Override
    void writeDictionary(int count, PlainBuffer out) {
        dictionary.writeEntries(count, out);
    }
}
