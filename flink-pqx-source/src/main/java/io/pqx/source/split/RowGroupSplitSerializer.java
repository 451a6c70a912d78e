package io.pqx.source.split;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Version 2 (written): version 1's fields, then the count and the ordinals of the fully matching
 * row groups. Version 1 (still read, as a split with no fully matching row group): path, file
 * length, modification time, partition count and (key, value) pairs, first and last row group, next
 * row group, next row. Big-endian, strings as length + UTF-8.
 *
 * <p>Public (as {@link #write} and {@link #read} on a stream) only so that the enumerator state's
 * serializer embeds its pending splits in this form; users take {@link RowGroupSplit#serializer()}.
 */
@Internal
public final class RowGroupSplitSerializer implements SimpleVersionedSerializer<RowGroupSplit> {
    static final RowGroupSplitSerializer INSTANCE = new RowGroupSplitSerializer();
    public static final int VERSION = 2;
    public static final int VERSION_1 = 1;

    private RowGroupSplitSerializer() {}

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(RowGroupSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + split.path().length());
        DataOutputStream out = new DataOutputStream(bytes);
        write(split, out);
        out.flush();
        return bytes.toByteArray();
    }

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
        if (version != VERSION && version != VERSION_1) {
            throw new IOException(
                    "Cannot read a pqx split of version "
                            + version
                            + ": this pqx reads versions "
                            + VERSION_1
                            + " and "
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
        try {
            return new RowGroupSplit(
                    path, length, mtime, partitions, first, last, nextRowGroup, nextRow, allMatch);
        } catch (IllegalArgumentException e) {
            throw new IOException("Cannot read a pqx split: " + e.getMessage(), e);
        }
    }
}
