package io.pqx.sink.writer;

import io.pqx.sink.state.PqxWriterState;

import io.pqx.sink.state.PqxWriterState.OpenFileState;

import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Serializes {@link PqxWriterState}. Version 1 layout (big-endian {@code DataOutput}): open file
 * count (int), then per file: partition (UTF), file name (UTF), resumable version (int), resumable
 * length (int) and bytes, row count (long), footer-state length (int) and bytes. Unknown versions
 * and lengths beyond the input fail with an {@link IOException}. Stateless; thread-safe.
 */
public final class PqxWriterStateSerializer implements SimpleVersionedSerializer<PqxWriterState> {
    public static final int VERSION_1 = 1;
    public static final int VERSION = VERSION_1;
    public static final PqxWriterStateSerializer INSTANCE = new PqxWriterStateSerializer();

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PqxWriterState state) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeInt(state.openFiles().size());
        for (OpenFileState file : state.openFiles()) {
            out.writeUTF(file.partition());
            out.writeUTF(file.fileName());
            out.writeInt(file.resumableVersion());
            writeBytes(out, file.resumable());
            out.writeLong(file.rowCount());
            writeBytes(out, file.footerState());
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public PqxWriterState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION_1) {
            throw new IOException(
                    "Cannot read pqx writer state: unknown version "
                            + version
                            + " (this sink reads version "
                            + VERSION_1
                            + ")");
        }
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        int count = in.readInt();
        if (count < 0 || count > in.available()) {
            throw new IOException(
                    "Cannot read pqx writer state: "
                            + count
                            + " open files in "
                            + serialized.length
                            + " bytes");
        }
        List<OpenFileState> files = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String partition = in.readUTF();
            String fileName = in.readUTF();
            int resumableVersion = in.readInt();
            byte[] resumable = readBytes(in);
            long rows = in.readLong();
            byte[] footer = readBytes(in);
            files.add(
                    new OpenFileState(
                            partition, fileName, resumableVersion, resumable, rows, footer));
        }
        return new PqxWriterState(files);
    }

    private static void writeBytes(DataOutputSerializer out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputDeserializer in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException(
                    "Cannot read pqx writer state: length "
                            + length
                            + " exceeds the "
                            + in.available()
                            + " bytes left");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }
}
