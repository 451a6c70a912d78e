package io.pqx.sink.file;

import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.RowType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rows of a part file's open row group kept in their serialized form (Flink's {@link
 * RowDataSerializer}, binary rows): what a checkpoint carries so that, after a restore, the open
 * row group is re-fed and cut where it would have been. Serializing on arrival makes each row a
 * private copy (object reuse cannot change it) and makes the memory it takes exact: {@link
 * #memoryBytes()} is the buffers' size.
 *
 * <p>{@link #toBytes()} is the checkpoint form: the row count, then the rows. Called by the sink's
 * task thread only; not thread-safe.
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

    /** The length of {@link #toBytes()}'s form; 0 when no row is kept (the empty form). */
    long toBytesLength() {
        return count == 0 ? 0 : 4L + buffer.length();
    }

    /** The checkpoint form: row count (int), then the serialized rows. */
    byte[] toBytes() {
        byte[] bytes = new byte[4 + buffer.length()];
        bytes[0] = (byte) (count >>> 24);
        bytes[1] = (byte) (count >>> 16);
        bytes[2] = (byte) (count >>> 8);
        bytes[3] = (byte) count;
        System.arraycopy(buffer.getSharedBuffer(), 0, bytes, 4, buffer.length());
        return bytes;
    }

    /**
     * The rows of {@link #toBytes()}'s form, in order.
     *
     * @throws IOException naming {@code location} if the bytes do not hold the rows they count
     */
    static List<RowData> fromBytes(RowType rowType, byte[] bytes, String location)
            throws IOException {
        if (bytes.length == 0) {
            return List.of();
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        int rows = in.readInt();
        if (rows < 0 || rows > in.available()) {
            throw new IOException(
                    "Cannot restore the open row group of "
                            + location
                            + ": the checkpoint says "
                            + rows
                            + " rows in "
                            + bytes.length
                            + " bytes");
        }
        RowDataSerializer serializer = new RowDataSerializer(rowType);
        List<RowData> list = new ArrayList<>(rows);
        try {
            for (int i = 0; i < rows; i++) {
                list.add(serializer.deserialize(in));
            }
        } catch (IOException | RuntimeException e) {
            throw new IOException(
                    "Cannot restore the open row group of "
                            + location
                            + ": its carried rows are unreadable ("
                            + e
                            + ")",
                    e);
        }
        if (in.available() != 0) {
            throw new IOException(
                    "Cannot restore the open row group of "
                            + location
                            + ": "
                            + in.available()
                            + " bytes follow its "
                            + rows
                            + " carried rows");
        }
        return list;
    }
}
