package io.pqx.sink.file;

import java.io.DataOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Checksum;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.RowType;

/**
 * Rows of a part file's open row group kept in their serialized form (Flink's {@link
 * RowDataSerializer}, binary rows): rows held for a cut, or kept until the {@link RowLog} a
 * checkpoint carries has them. Serializing on arrival makes each row a private copy (object reuse
 * cannot change it) and makes the memory it takes exact: {@link #memoryBytes()} is the buffers'
 * size; {@link #writeTo} hands the serialized rows on as they are.
 *
 * <p>Called by the sink's task thread only; not thread-safe.
 */
final class CarriedRows {
    private final RowDataSerializer serializer;
    private DataOutputSerializer buffer = new DataOutputSerializer(256);

    /** Start offset of each row in {@link #buffer}. */
    private int[] starts = new int[64];

    private int count;

    CarriedRows(RowType rowType) {
        this.serializer = new RowDataSerializer(rowType);
    }

    /** Appends a copy of {@code row}. */
    void add(RowData row) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
        }
        int start = buffer.length();
        try {
            serializer.serialize(row, buffer);
        } catch (IOException e) {
            buffer.setPosition(start);
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            buffer.setPosition(start);
            throw e;
        }
        starts[count++] = start;
    }

    int size() {
        return count;
    }

    /** Bytes the rows take in memory: the serialized rows' buffer and their offsets. */
    long memoryBytes() {
        return (long) buffer.getSharedBuffer().length + 4L * starts.length;
    }

    /** Bytes of the serialized rows (what a checkpoint carries). */
    long serializedBytes() {
        return buffer.length();
    }

    /** Fresh, independent rows {@code from} (inclusive) to {@code to} (exclusive). */
    List<RowData> rows(int from, int to) {
        List<RowData> rows = new ArrayList<>(to - from);
        int start = from == count ? buffer.length() : starts[from];
        DataInputDeserializer in =
                new DataInputDeserializer(buffer.getSharedBuffer(), start, buffer.length() - start);
        try {
            for (int i = from; i < to; i++) {
                rows.add(serializer.deserialize(in));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read back carried rows", e);
        }
        return rows;
    }

    /**
     * Writes the serialized rows {@code from} (inclusive) to {@code to} (exclusive) to {@code out},
     * as {@link #fromBytes}'s rows are laid out, and adds them to {@code crc}.
     *
     * @return the bytes written
     */
    long writeTo(DataOutput out, int from, int to, Checksum crc) throws IOException {
        int start = from == count ? buffer.length() : starts[from];
        int end = to == count ? buffer.length() : starts[to];
        out.write(buffer.getSharedBuffer(), start, end - start);
        crc.update(buffer.getSharedBuffer(), start, end - start);
        return end - start;
    }

    /** Drops the first {@code n} rows, keeping the rest in order. */
    void dropFirst(int n) {
        if (n >= count) {
            clear();
            return;
        }
        int cut = starts[n];
        byte[] old = buffer.getSharedBuffer();
        int length = buffer.length();
        DataOutputSerializer rest = new DataOutputSerializer(Math.max(256, length - cut));
        try {
            rest.write(old, cut, length - cut);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        buffer = rest;
        for (int i = n; i < count; i++) {
            starts[i - n] = starts[i] - cut;
        }
        count -= n;
    }

    /** Forgets every row and gives back the memory. */
    void clear() {
        count = 0;
        if (buffer.getSharedBuffer().length > (1 << 16)) {
            buffer = new DataOutputSerializer(256);
        } else {
            buffer.clear();
        }
        if (starts.length > 1024) {
            starts = new int[64];
        }
    }
}
