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
 * Version 3 (written): version 2's fields, then the footer tail the split carries ({@link
 * RowGroupSplit#footerTail()}): a byte 0 (none) or 1, and after a 1 the tail's start in the file
 * (long), its length (int) and its bytes; the tail must end at the split's file length. Version 2
 * (still read, and the form the enumerator state embeds: never a tail): version 1's fields, then
 * the count and the ordinals of the fully matching row groups. Version 1 (still read, as a split
 * with no fully matching row group): path, file length, modification time, partition count and
 * (key, value) pairs, first and last row group, next row group, next row. Big-endian, strings as
 * length + UTF-8.
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
    public static final int VERSION = 3;
    public static final int VERSION_2 = 2;
    public static final int VERSION_1 = 1;

    private static final byte NO_TAIL = 0;
    private static final byte TAIL = 1;

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

    /** Writes {@code split} in version {@value #VERSION_2}'s form: without its footer tail. */
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
    }

    @Override
    public RowGroupSplit deserialize(int version, byte[] serialized) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
        RowGroupSplit split = read(in, version);
        SerialForm.requireEnd(in, "a pqx split");
        return split;
    }

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
        ParquetTail tail = version >= VERSION ? readTail(in, path, length) : null;
        try {
            RowGroupSplit split =
                    new RowGroupSplit(
                            path,
                            length,
                            mtime,
                            partitions,
                            first,
                            last,
                            nextRowGroup,
                            nextRow,
                            allMatch);
            return tail == null ? split : split.withFooterTail(tail);
        } catch (IllegalArgumentException e) {
            throw new IOException("Cannot read a pqx split: " + e.getMessage(), e);
        }
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
