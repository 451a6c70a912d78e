package io.pqx.source.split;

import io.pqx.format.ParquetTail;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Version 4 (written): version 2's fields, then the split's event times ({@link
 * RowGroupSplit#eventTimes()}): a byte 0 (none) or 1, and after a 1 their count (int, one per row
 * group of the run) and the least event time of each row group (longs); then the footer tail as in
 * version 3. The enumerator state embeds splits in version 4's form without the tail ({@link
 * #write}). Version 3 (still read, with no event times): version 2's fields, then the footer tail
 * the split carries ({@link RowGroupSplit#footerTail()}): a byte 0 (none) or 1, and after a 1 the
 * tail's start in the file (long), its length (int) and its bytes; the tail must end at the split's
 * file length. Version 2 (still read, and the form the enumerator state embeds: never a tail):
 * version 1's fields, then the count and the ordinals of the fully matching row groups. Version 1
 * (still read, as a split with no fully matching row group): path, file length, modification time,
 * partition count and (key, value) pairs, first and last row group, next row group, next row.
 * Big-endian, strings as length + UTF-8.
 *
 * <p>A tail is written when the split carries one at that moment: a split the enumerator sends
 * (Flink serializes it as it is assigned), never one a reader checkpoints (a split at a position
 * carries none). Its bytes are read unchecked here: the reader decodes and validates them as a
 * footer read from the file, and a damaged tail is refused there.
 *
 * <p>Public (as {@link #write} and {@link #read} on a stream) only so that the enumerator state's
 * serializer embeds its pending splits in version 2's form; users take {@link
 * RowGroupSplit#serializer()}.
 */
@Internal
public final class RowGroupSplitSerializer implements SimpleVersionedSerializer<RowGroupSplit> {
    static final RowGroupSplitSerializer INSTANCE = new RowGroupSplitSerializer();
    public static final int VERSION = 4;
    public static final int VERSION_3 = 3;
    public static final int VERSION_2 = 2;
    public static final int VERSION_1 = 1;

    private static final byte NO_TAIL = 0;
    private static final byte TAIL = 1;
    private static final byte NO_EVENT_TIMES = 0;
    private static final byte EVENT_TIMES = 1;

    private RowGroupSplitSerializer() {}

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(RowGroupSplit split) throws IOException {
        Optional<ParquetTail> tail = split.footerTail();
        ByteArrayOutputStream bytes =
                new ByteArrayOutputStream(
                        64 + split.path().length() + tail.map(ParquetTail::length).orElse(0));
        DataOutputStream out = new DataOutputStream(bytes);
        write(split, out);
        if (tail.isPresent()) {
            out.writeByte(TAIL);
            out.writeLong(tail.get().start());
            out.writeInt(tail.get().length());
            tail.get().writeBytesTo(out);
        } else {
            out.writeByte(NO_TAIL);
        }
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * Writes {@code split} in version {@value #VERSION}'s form without its footer tail (the form
     * {@link #read} takes with version {@value #VERSION}).
     */
    public static void write(RowGroupSplit split, DataOutputStream out) throws IOException {
        SerialForm.writeString(out, split.path());
        out.writeLong(split.fileLength());
        out.writeLong(split.modificationTime());
        out.writeInt(split.partitions().size());
        for (Map.Entry<String, String> e : split.partitions().entrySet()) {
            SerialForm.writeString(out, e.getKey());
            SerialForm.writeString(out, e.getValue());
        }
        out.writeInt(split.firstRowGroup());
        out.writeInt(split.lastRowGroup());
        out.writeInt(split.nextRowGroup());
        out.writeLong(split.nextRow());
        out.writeInt(split.allMatchRowGroups().size());
        for (int g : split.allMatchRowGroups()) {
            out.writeInt(g);
        }
        Optional<SplitEventTimes> times = split.eventTimes();
        if (times.isPresent()) {
            out.writeByte(EVENT_TIMES);
            out.writeInt(times.get().rowGroups());
            for (int i = 0; i < times.get().rowGroups(); i++) {
                out.writeLong(times.get().least(i));
            }
        } else {
            out.writeByte(NO_EVENT_TIMES);
        }
    }

    @Override
    public RowGroupSplit deserialize(int version, byte[] serialized) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
        RowGroupSplit split = read(in, version);
        ParquetTail tail =
                version >= VERSION_3 ? readTail(in, split.path(), split.fileLength()) : null;
        SerialForm.requireEnd(in, "a pqx split");
        try {
            return tail == null ? split : split.withFooterTail(tail);
        } catch (IllegalArgumentException e) {
            throw new IOException("Cannot read a pqx split: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a split of {@code version} without its footer tail: what {@link #write} wrote for
     * version {@value #VERSION}; version 3's form up to its tail; version 2's or 1's form.
     */
    public static RowGroupSplit read(DataInputStream in, int version) throws IOException {
        if (version < VERSION_1 || version > VERSION) {
            throw new IOException(
                    "Cannot read a pqx split of version "
                            + version
                            + ": this pqx reads versions "
                            + VERSION_1
                            + " to "
                            + VERSION);
        }
        String path = SerialForm.readString(in, "a split's path");
        long length = in.readLong();
        long mtime = in.readLong();
        int count = SerialForm.readCount(in, "the partitions of split " + path);
        Map<String, String> partitions = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            partitions.put(
                    SerialForm.readString(in, "a partition key"),
                    SerialForm.readString(in, "a partition value"));
        }
        int first = in.readInt();
        int last = in.readInt();
        int nextRowGroup = in.readInt();
        long nextRow = in.readLong();
        List<Integer> allMatch = new ArrayList<>();
        if (version >= 2) {
            int n = SerialForm.readCount(in, "the fully matching row groups of split " + path);
            for (int i = 0; i < n; i++) {
                allMatch.add(in.readInt());
            }
        }
        SplitEventTimes times = version >= VERSION ? readEventTimes(in, path) : null;
        try {
            return new RowGroupSplit(
                    path,
                    length,
                    mtime,
                    partitions,
                    first,
                    last,
                    nextRowGroup,
                    nextRow,
                    allMatch,
                    times);
        } catch (IllegalArgumentException e) {
            throw new IOException("Cannot read a pqx split: " + e.getMessage(), e);
        }
    }

    /** The event times of version 4, or null for none. */
    private static SplitEventTimes readEventTimes(DataInputStream in, String path)
            throws IOException {
        byte marker = in.readByte();
        if (marker == NO_EVENT_TIMES) {
            return null;
        }
        if (marker != EVENT_TIMES) {
            throw new IOException(
                    "Cannot read a pqx split of "
                            + path
                            + ": event times marker "
                            + marker
                            + " is neither "
                            + NO_EVENT_TIMES
                            + " nor "
                            + EVENT_TIMES);
        }
        int count = SerialForm.readCount(in, "the event times of split " + path);
        if (count == 0) {
            throw new IOException(
                    "Cannot read a pqx split of " + path + ": event times of no row group");
        }
        long[] least = new long[count];
        for (int i = 0; i < count; i++) {
            least[i] = in.readLong();
        }
        return SplitEventTimes.of(least);
    }

    /** The footer tail of version 3, or null for none; its bytes end at the file's length. */
    private static ParquetTail readTail(DataInputStream in, String path, long fileLength)
            throws IOException {
        byte marker = in.readByte();
        if (marker == NO_TAIL) {
            return null;
        }
        if (marker != TAIL) {
            throw new IOException(
                    "Cannot read a pqx split of "
                            + path
                            + ": footer tail marker "
                            + marker
                            + " is neither "
                            + NO_TAIL
                            + " nor "
                            + TAIL);
        }
        long start = in.readLong();
        int count = SerialForm.readCount(in, "the footer tail of split " + path);
        if (start < 0 || start + count != fileLength) {
            throw new IOException(
                    "Cannot read a pqx split of "
                            + path
                            + ": its footer tail of "
                            + count
                            + " bytes from "
                            + start
                            + " does not end at the file's length "
                            + fileLength);
        }
        byte[] bytes = new byte[count];
        in.readFully(bytes);
        return ParquetTail.of(start, bytes);
    }
}
