package io.pqx.format.encode;

/**
 * {@link FlatValues} of 8-byte values: INT64, and DOUBLE by its raw bits (parquet-column keys its
 * double dictionary by raw bits and writes doubles as their raw bits, so both read as longs here).
 *
 * <p>Each add method is one typed loop per Java array type (the int/float and long/double loops
 * differ only in the raw-bits conversion), on purpose: a shared loop over a key abstraction would
 * cost a call per value on the hottest path of the writer.
 */
final class Int64FlatValues extends FlatValues {
    private final LongDictionary dictionary = new LongDictionary();

    Int64FlatValues(boolean dictionary, int maxDictionaryBytes) {
        super(dictionary, maxDictionaryBytes);
    }

    void addLongs(long[] v, int from, int to) {
        rawBytes += 8L * (to - from);
        if (plainOnly) {
            plain.putLongs(v, from, to);
            return;
        }
        reserveIds(to - from);
        int[] page = ids;
        int count = idCount;
        LongDictionary d = dictionary;
        for (int i = from; i < to; i++) {
            page[count++] = d.idOf(v[i]);
            if (page[count - 1] == d.size() - 1 && dictionaryTooBig()) {
                idCount = count;
                fallBack();
                plain.putLongs(v, i + 1, to);
                return;
            }
        }
        idCount = count;
    }

    void addDoubles(double[] v, int from, int to) {
        rawBytes += 8L * (to - from);
        if (plainOnly) {
            plain.putDoubleBits(v, from, to);
            return;
        }
        reserveIds(to - from);
        int[] page = ids;
        int count = idCount;
        LongDictionary d = dictionary;
        for (int i = from; i < to; i++) {
            page[count++] = d.idOf(Double.doubleToRawLongBits(v[i]));
            if (page[count - 1] == d.size() - 1 && dictionaryTooBig()) {
                idCount = count;
                fallBack();
                plain.putDoubleBits(v, i + 1, to);
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
        return 8L * dictionary.size();
    }

    @Override
    void writeIdsAsPlain() {
        for (int i = 0; i < idCount; i++) {
            plain.putLong(dictionary.key(ids[i]));
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
