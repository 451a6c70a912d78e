package io.pqx.format.encode;

/**
 * {@link FlatValues} of 4-byte values: INT32, and FLOAT by its raw bits (parquet-column keys its
 * float dictionary by raw bits and writes floats as their raw bits, so both read as ints here).
 *
 * <p>Each add method is one typed loop per Java array type (the int/float and long/double loops
 * differ only in the raw-bits conversion), on purpose: a shared loop over a key abstraction would
 * cost a call per value on the hottest path of the writer.
 */
final class Int32FlatValues extends FlatValues {
    private final IntDictionary dictionary = new IntDictionary();

    Int32FlatValues(boolean dictionary, int maxDictionaryBytes) {
        super(dictionary, maxDictionaryBytes);
    }

    void addInts(int[] v, int from, int to) {
        rawBytes += 4L * (to - from);
        if (plainOnly) {
            plain.putInts(v, from, to);
            return;
        }
        reserveIds(to - from);
        int[] page = ids;
        int count = idCount;
        IntDictionary d = dictionary;
        for (int i = from; i < to; i++) {
            page[count++] = d.idOf(v[i]);
            if (page[count - 1] == d.size() - 1 && dictionaryTooBig()) {
                idCount = count;
                fallBack();
                plain.putInts(v, i + 1, to);
                return;
            }
        }
        idCount = count;
    }

    void addFloats(float[] v, int from, int to) {
        rawBytes += 4L * (to - from);
        if (plainOnly) {
            plain.putFloatBits(v, from, to);
            return;
        }
        reserveIds(to - from);
        int[] page = ids;
        int count = idCount;
        IntDictionary d = dictionary;
        for (int i = from; i < to; i++) {
            page[count++] = d.idOf(Float.floatToRawIntBits(v[i]));
            if (page[count - 1] == d.size() - 1 && dictionaryTooBig()) {
                idCount = count;
                fallBack();
                plain.putFloatBits(v, i + 1, to);
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
        return 4L * dictionary.size();
    }

    @Override
    void writeIdsAsPlain() {
        for (int i = 0; i < idCount; i++) {
            plain.putInt(dictionary.key(ids[i]));
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
