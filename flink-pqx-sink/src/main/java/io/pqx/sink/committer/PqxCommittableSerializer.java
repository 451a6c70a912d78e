package io.pqx.sink.committer;

import io.pqx.sink.state.PqxCommittable;

import org.apache.flink.core.fs.RecoverableWriter.CommitRecoverable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;

/**
 * Serializes {@link PqxCommittable}s into checkpoints. Version 1 layout (big-endian, {@code
 * DataOutput}): the file system's recoverable serializer version (int), the recoverable's length
 * (int) and bytes, partition (UTF), file name (UTF), row count (long), size (long), max record
 * timestamp (long). Version 2 appends the base path the file was written under (UTF); version 1
 * committables read back with {@link PqxCommittable#UNKNOWN_BASE_PATH}. Version 3 (written)
 * appends the number of row-log segments the file numbered (int); earlier ones read back with 0. Unknown versions
 * fail with an {@link IOException}. Thread-safe if the recoverable serializer is.
 */
public final class PqxCommittableSerializer implements SimpleVersionedSerializer<PqxCommittable> {
    public static final int VERSION_1 = 1;
    /** Version 1 plus the base path. */
    public static final int VERSION_2 = 2;

    /** Version 2 plus the row-log segment count. */
    public static final int VERSION_3 = 3;

    public static final int VERSION = VERSION_3;

    private final SimpleVersionedSerializer<CommitRecoverable> recoverables;

    /**
     * @param recoverables the commit recoverable serializer of the sink's file system
     */
    public PqxCommittableSerializer(SimpleVersionedSerializer<CommitRecoverable> recoverables) {
        this.recoverables = recoverables;
    }

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PqxCommittable committable) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        byte[] recoverable = recoverables.serialize(committable.recoverable());
        out.writeInt(recoverables.getVersion());
        out.writeInt(recoverable.length);
        out.write(recoverable);
        out.writeUTF(committable.partition());
        out.writeUTF(committable.fileName());
        out.writeLong(committable.rowCount());
        out.writeLong(committable.sizeBytes());
        out.writeLong(committable.maxTimestamp());
        out.writeUTF(committable.basePath());
        out.writeInt(committable.rowLogSegments());
        return out.getCopyOfBuffer();
    }

    @Override
    public PqxCommittable deserialize(int version, byte[] serialized) throws IOException {
        if (version < VERSION_1 || version > VERSION_3) {
            throw new IOException(
                    "Cannot read pqx committable: unknown version "
                            + version
                            + " (this sink reads versions "
                            + VERSION_1
                            + " to "
                            + VERSION_3
                            + ")");
        }
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        int recoverableVersion = in.readInt();
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException(
                    "Cannot read pqx committable: recoverable length "
                            + length
                            + " exceeds the "
                            + in.available()
                            + " bytes left");
        }
        byte[] recoverable = new byte[length];
        in.readFully(recoverable);
        String partition = in.readUTF();
        String fileName = in.readUTF();
        long rows = in.readLong();
        long size = in.readLong();
        long maxTimestamp = in.readLong();
        String basePath = version == VERSION_1 ? PqxCommittable.UNKNOWN_BASE_PATH : in.readUTF();
        int segments = version >= VERSION_3 ? in.readInt() : 0;
        if (segments < 0) {
            throw new IOException(
                    "Cannot read pqx committable of " + fileName + ": " + segments
                            + " row-log segments");
        }
        return new PqxCommittable(
                basePath,
                partition,
                fileName,
                rows,
                size,
                maxTimestamp,
                recoverables.deserialize(recoverableVersion, recoverable),
                segments);
    }
}
