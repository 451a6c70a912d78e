package io.pqx.sink.committer;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.RecoverableWriter.CommitRecoverable;
import org.apache.flink.core.fs.RecoverableWriter.ResumeRecoverable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Serializes {@link PqxCommittable}s into checkpoints, big-endian {@code DataOutput}.
 *
 * <p>Version 1 layout: the file system's recoverable serializer version (int), the recoverable's
 * length (int) and bytes, partition (UTF), file name (UTF), row count (long), size (long), max
 * record timestamp (long). Version 2 appends the base path the file was written under (UTF);
 * version 1 committables read back with {@link PqxCommittable#UNKNOWN_BASE_PATH}.
 *
 * <p>Version 3 (written) starts with a kind (byte): 0, a file to publish, then the version 2 layout
 * and the number of row-log segments the file numbered (int); 1, a resumable to clean up, then the
 * resume recoverable serializer's version (int), the resumable's length (int) and bytes, partition
 * (UTF), file name (UTF) and base path (UTF). Versions 1 and 2 read back as files to publish with
 * no row-log segment.
 *
 * <p>Unknown versions and kinds, and lengths beyond the input, fail with an {@link IOException}.
 * Thread-safe if the recoverable serializers are.
 */
@Internal
public final class PqxCommittableSerializer implements SimpleVersionedSerializer<PqxCommittable> {
    public static final int VERSION_1 = 1;

    /** Version 1 plus the base path. */
    public static final int VERSION_2 = 2;

    /**
     * A kind, then a file (version 2 plus its row-log segment count) or a resumable to clean up.
     */
    public static final int VERSION_3 = 3;

    public static final int VERSION = VERSION_3;

    private static final byte PUBLISH = 0;
    private static final byte CLEAN_UP = 1;

    private final SimpleVersionedSerializer<CommitRecoverable> recoverables;
    private final SimpleVersionedSerializer<ResumeRecoverable> resumables;

    /**
     * @param recoverables the commit recoverable serializer of the sink's file system
     * @param resumables its resume recoverable serializer
     */
    public PqxCommittableSerializer(
            SimpleVersionedSerializer<CommitRecoverable> recoverables,
            SimpleVersionedSerializer<ResumeRecoverable> resumables) {
        this.recoverables = recoverables;
        this.resumables = resumables;
    }

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PqxCommittable committable) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        if (committable.cleansUp()) {
            out.writeByte(CLEAN_UP);
            writeVersioned(
                    out, resumables.getVersion(), resumables.serialize(committable.cleanUp()));
            out.writeUTF(committable.partition());
            out.writeUTF(committable.fileName());
            out.writeUTF(committable.basePath());
            return out.getCopyOfBuffer();
        }
        out.writeByte(PUBLISH);
        writeVersioned(
                out, recoverables.getVersion(), recoverables.serialize(committable.recoverable()));
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
        if (version == VERSION_3) {
            byte kind = in.readByte();
            if (kind == CLEAN_UP) {
                int resumableVersion = in.readInt();
                byte[] resumable = readBytes(in);
                String partition = in.readUTF();
                String fileName = in.readUTF();
                String basePath = in.readUTF();
                return PqxCommittable.cleanUp(
                        basePath,
                        partition,
                        fileName,
                        resumables.deserialize(resumableVersion, resumable));
            }
            if (kind != PUBLISH) {
                throw new IOException("Cannot read pqx committable: unknown kind " + kind);
            }
        }
        int recoverableVersion = in.readInt();
        byte[] recoverable = readBytes(in);
        String partition = in.readUTF();
        String fileName = in.readUTF();
        long rows = in.readLong();
        long size = in.readLong();
        long maxTimestamp = in.readLong();
        String basePath = version == VERSION_1 ? PqxCommittable.UNKNOWN_BASE_PATH : in.readUTF();
        int segments = version >= VERSION_3 ? in.readInt() : 0;
        if (segments < 0) {
            throw new IOException(
                    "Cannot read pqx committable of "
                            + fileName
                            + ": "
                            + segments
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

    private static void writeVersioned(DataOutputSerializer out, int version, byte[] bytes)
            throws IOException {
        out.writeInt(version);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputDeserializer in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException(
                    "Cannot read pqx committable: recoverable length "
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
