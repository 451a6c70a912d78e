package io.pqx.format.encode;

/** {@link FlatValues} of BINARY values (strings, JSON, binary). */
final class BinaryFlatValues extends FlatValues {
    private final BinaryDictionary dictionary = new BinaryDictionary();

    BinaryFlatValues(boolean dictionary, int maxDictionaryBytes) {
        super(dictionary, maxDictionaryBytes);
    }

    /** Binaries {@code from} to {@code to} of a buffer that ends binary i at offsets[i + 1]. */
    void addBinaries(byte[] bytes, int[] offsets, int from, int to) {
        rawBytes += 4L * (to - from) + (offsets[to] - offsets[from]);
        if (plainOnly) {
            plain.putBinaries(bytes, offsets, from, to);
            return;
        }
        reserveIds(to - from);
        int[] page = ids;
        int count = idCount;
        BinaryDictionary d = dictionary;
        for (int i = from; i < to; i++) {
            int start = offsets[i];
            page[count++] = d.idOf(bytes, start, offsets[i + 1] - start);
            if (dictionaryTooBig()) {
                idCount = count;
                fallBack();
                plain.putBinaries(bytes, offsets, i + 1, to);
                return;
            }
        }
        idCount = count;
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
    void clearDictionary() {
        dictionary.clear();
    }

    @Override
    void writeDictionary(int count, PlainBuffer out) {
        dictionary.writeEntries(count, out);
    }
}
