package io.pqx.source.split;

import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Version 1: path, file length, modification time, partition count and (key, value) pairs, first
 * and last row group, next row group, next row. Big-endian, strings as length + UTF-8.
 */
final class RowGroupSplitSerializer implements SimpleVersionedSerializer<RowGroupSplit> {
    static final RowGroupSplitSerializer INSTANCE = new RowGroupSplitSerializer();
    static final int VERSION = 1;

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

    static void write(RowGroupSplit split, DataOutputStream out) throws IOException {
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
    }

    @Override
    public RowGroupSplit deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("Cannot read a pqx split of version " + version
                    + ": this pqx reads version " + VERSION);
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
        RowGroupSplit split = read(in);
        SerialForm.requireEnd(in, "a pqx split");
        return split;
    }

    static RowGroupSplit read(DataInputStream in) throws IOException {
        String path = SerialForm.readString(in, "a split's path");
        long length = in.readLong();
        long mtime = in.readLong();
        int count = SerialForm.readCount(in, "the partitions of split " + path);
        Map<String, String> partitions = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            partitions.put(SerialForm.readString(in, "a partition key"),
                    SerialForm.readString(in, "a partition value"));
        }
        int first = in.readInt();
        int last = in.readInt();
        int nextRowGroup = in.readInt();
        long nextRow = in.readLong();
        try {
            return new RowGroupSplit(path, length, mtime, partitions, first, last, nextRowGroup, nextRow);
        } catch (IllegalArgumentException e) {
            throw new IOException("Cannot read a pqx split: " + e.getMessage(), e);
        }
    }
}
