package io.pqx.tools.json;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The metadata of one variant value (its dictionary of object keys), checked against the Variant
 * encoding before any key is used: version 1, the dictionary size and every key offset within the
 * bytes, offsets starting at 0 and never decreasing, no bytes after the last key. Keys are decoded
 * as strict UTF-8 (a malformed sequence is an error, never a replacement character) once, on first
 * use.
 *
 * <p>Not thread-safe (it caches decoded keys); one instance serves one value being rendered.
 */
final class VariantMetadata {

    private static final int VERSION = 1;

    private final byte[] bytes;
    private final int offsetSize;
    private final int offsetsStart;
    private final int keysStart;
    private final String[] keys;

    private VariantMetadata(byte[] bytes, int offsetSize, int dictionarySize, int keysStart) {
        this.bytes = bytes;
        this.offsetSize = offsetSize;
        this.offsetsStart = 1 + offsetSize;
        this.keysStart = keysStart;
        this.keys = new String[dictionarySize];
    }

    /**
     * Checks {@code metadata} and returns its dictionary.
     *
     * @throws MalformedVariantException if the bytes are not a version 1 Variant metadata
     */
    static VariantMetadata of(byte[] metadata) {
        if (metadata.length == 0) {
            throw new MalformedVariantException("the metadata is empty");
        }
        int header = metadata[0] & 0xff;
        int version = header & 0x0f;
        if (version != VERSION) {
            throw new MalformedVariantException(
                    "the metadata has version " + version + ", only " + VERSION + " is defined");
        }
        int offsetSize = ((header >> 6) & 0x3) + 1;
        long dictionarySize = unsigned(metadata, 1, offsetSize, "the dictionary size");
        long keysStart = 1 + offsetSize + (dictionarySize + 1) * offsetSize;
        if (keysStart > metadata.length) {
            throw new MalformedVariantException(
                    "the metadata's "
                            + dictionarySize
                            + " keys need "
                            + keysStart
                            + " bytes of offsets, it has "
                            + metadata.length
                            + " bytes");
        }
        long previous = 0;
        for (int i = 0; i <= dictionarySize; i++) {
            long offset = unsigned(metadata, 1 + offsetSize + i * offsetSize, offsetSize, "");
            if (i == 0 && offset != 0) {
                throw new MalformedVariantException(
                        "the metadata's first key offset is " + offset + ", not 0");
            }
            if (offset < previous) {
                throw new MalformedVariantException(
                        "the metadata's key offset " + i + " (" + offset + ") is before the last");
            }
            previous = offset;
        }
        if (keysStart + previous != metadata.length) {
            throw new MalformedVariantException(
                    "the metadata's keys end at byte "
                            + (keysStart + previous)
                            + ", the metadata has "
                            + metadata.length);
        }
        return new VariantMetadata(metadata, offsetSize, (int) dictionarySize, (int) keysStart);
    }

    /** The number of keys in the dictionary. */
    int size() {
        return keys.length;
    }

    /**
     * The key with dictionary id {@code id}.
     *
     * @throws MalformedVariantException if there is no such id or the key is not UTF-8
     */
    String key(int id) {
        if (id < 0 || id >= keys.length) {
            throw new MalformedVariantException(
                    "field id " + id + " is not in the metadata's " + keys.length + " keys");
        }
        String key = keys[id];
        if (key == null) {
            int start = keysStart + offset(id);
            int end = keysStart + offset(id + 1);
            key = utf8(bytes, start, end - start, "key " + id + " of the metadata");
            keys[id] = key;
        }
        return key;
    }

    private int offset(int index) {
        // Checked to fit the bytes (and an int) by of().
        return (int) unsigned(bytes, offsetsStart + index * offsetSize, offsetSize, "");
    }

    /**
     * Little-endian unsigned integer of {@code size} (1 to 4) bytes at {@code pos}.
     *
     * @throws MalformedVariantException if the bytes end before it
     */
    static long unsigned(byte[] bytes, long pos, int size, String what) {
        if (pos < 0 || pos + size > bytes.length) {
            throw new MalformedVariantException(
                    (what.isEmpty() ? "an offset" : what)
                            + " at byte "
                            + pos
                            + " is past the end of "
                            + bytes.length
                            + " bytes");
        }
        long value = 0;
        for (int i = size - 1; i >= 0; i--) {
            value = (value << 8) | (bytes[(int) pos + i] & 0xff);
        }
        return value;
    }

    /**
     * Strict UTF-8 decoding of {@code length} bytes at {@code start}.
     *
     * @throws MalformedVariantException if they are not well-formed UTF-8
     */
    static String utf8(byte[] bytes, int start, int length, String what) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, start, length))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new MalformedVariantException(what + " is not valid UTF-8", e);
        }
    }
}
