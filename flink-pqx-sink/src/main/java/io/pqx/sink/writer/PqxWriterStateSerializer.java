package io.pqx.sink.writer;

import io.pqx.sink.file.OpenFileState;
import io.pqx.sink.file.RowLogSegment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Serializes {@link PqxWriterState}, big-endian {@code DataOutput}.
 *
 * <p>Version 2 (written): writer id (UTF), next file count (long), open file count (int), then per
 * file: base path (UTF), partition (UTF), file name (UTF), opened at (long), max timestamp (long),
 * resumable version (int), two length-prefixed (int) byte strings: resumable, resume point; then
 * the row log: rows to skip (long), next segment number (int), segment count (int), and per segment
 * its name (UTF), rows (long) and bytes (long).
 *
 * <p>Version 1 (read): open file count (int), then per file: partition, file name, resumable
 * version, resumable, row count, footer state. Version 1 sinks closed every file at each checkpoint
 * and always wrote no open file; a version 1 state that lists one cannot be resumed and is refused.
 * Unknown versions and lengths beyond the input fail with an {@link IOException}. Stateless;
 * thread-safe.
 */
@Internal
public final class PqxWriterStateSerializer implements SimpleVersionedSerializer<PqxWriterState> {
    public static final int VERSION_1 = 1;
    public static final int VERSION_2 = 2;
    public static final int VERSION = VERSION_2;
    public static final PqxWriterStateSerializer INSTANCE = new PqxWriterStateSerializer();

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PqxWriterState state) throws IOException {
        // Sized exactly: the resume points hold a footer entry per persisted row group.
        int size = utfLength(state.writerId()) + 8 + 4;
        for (OpenFileState file : state.openFiles()) {
            size +=
                    utfLength(file.basePath())
                            + utfLength(file.partition())
                            + utfLength(file.fileName())
                            + 8
                            + 8
                            + 4
                            + 8
                            + file.resumable().length
                            + file.resumePoint().length
                            + 8
                            + 4
                            + 4;
            for (RowLogSegment segment : file.rowLog()) {
                size += utfLength(segment.name()) + 8 + 8;
            }
        }
        DataOutputSerializer out = new DataOutputSerializer(size);
        out.writeUTF(state.writerId());
        out.writeLong(state.nextFileCount());
        out.writeInt(state.openFiles().size());
        for (OpenFileState file : state.openFiles()) {
            out.writeUTF(file.basePath());
            out.writeUTF(file.partition());
            out.writeUTF(file.fileName());
            out.writeLong(file.openedAt());
            out.writeLong(file.maxTimestamp());
            out.writeInt(file.resumableVersion());
            writeBytes(out, file.resumable());
            writeBytes(out, file.resumePoint());
            out.writeLong(file.rowLogSkip());
            out.writeInt(file.rowLogNext());
            out.writeInt(file.rowLog().size());
            for (RowLogSegment segment : file.rowLog()) {
                out.writeUTF(segment.name());
                out.writeLong(segment.rows());
                out.writeLong(segment.bytes());
            }
        }
        byte[] buffer = out.getSharedBuffer();
        return out.length() == buffer.length ? buffer : out.getCopyOfBuffer();
    }

    /** Bytes {@code writeUTF} takes for {@code s}: two of length, then modified UTF-8. */
    private static int utfLength(String s) {
        int bytes = 2;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            bytes += c >= 0x0001 && c <= 0x007F ? 1 : c <= 0x07FF ? 2 : 3;
        }
        return bytes;
    }

    @Override
    public PqxWriterState deserialize(int version, byte[] serialized) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        switch (version) {
            case VERSION_1:
                return version1(in, serialized.length);
            case VERSION_2:
                return version2(in, serialized.length);
            default:
                throw new IOException(
                        "Cannot read pqx writer state: unknown version "
                                + version
                                + " (this sink reads versions 1 and 2)");
        }
    }

    private static PqxWriterState version2(DataInputDeserializer in, int size) throws IOException {
        String writerId = in.readUTF();
        long nextCount = in.readLong();
        int count = fileCount(in, size);
        List<OpenFileState> files = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String basePath = in.readUTF();
            String partition = in.readUTF();
            String fileName = in.readUTF();
            long openedAt = in.readLong();
            long maxTimestamp = in.readLong();
            int resumableVersion = in.readInt();
            byte[] resumable = readBytes(in);
            byte[] resumePoint = readBytes(in);
            long skip = in.readLong();
            int next = in.readInt();
            int segments = in.readInt();
            // a segment takes at least 18 bytes: a count beyond what is left is a lie
            if (skip < 0
                    || next < 0
                    || segments < 0
                    || segments > in.available() / 18
                    || segments > next) {
                throw new IOException(
                        "Cannot read pqx writer state: row log of "
                                + fileName
                                + " says "
                                + segments
                                + " segments (next "
                                + next
                                + ", "
                                + skip
                                + " rows skipped) in "
                                + in.available()
                                + " bytes left");
            }
            List<RowLogSegment> log = new ArrayList<>(segments);
            for (int s = 0; s < segments; s++) {
                log.add(new RowLogSegment(in.readUTF(), in.readLong(), in.readLong()));
            }
            files.add(
                    new OpenFileState(
                            basePath,
                            partition,
                            fileName,
                            openedAt,
                            maxTimestamp,
                            resumableVersion,
                            resumable,
                            resumePoint,
                            log,
                            skip,
                            next));
        }
        if (in.available() != 0) {
            throw new IOException(
                    "Cannot read pqx writer state: " + in.available() + " bytes after its end");
        }
        return new PqxWriterState(writerId, nextCount, files);
    }

    private static PqxWriterState version1(DataInputDeserializer in, int size) throws IOException {
        int count = fileCount(in, size);
        if (count > 0) {
            throw new IOException(
                    "Cannot restore pqx writer state of version 1: it lists "
                            + count
                            + " files open across the checkpoint, which version 1 sinks never"
                            + " wrote and this sink cannot resume (no carried rows)");
        }
        return PqxWriterState.empty();
    }

    private static int fileCount(DataInputDeserializer in, int size) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > in.available()) {
            throw new IOException(
                    "Cannot read pqx writer state: " + count + " open files in " + size + " bytes");
        }
        return count;
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
