package io.pqx.sink.file;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import javax.annotation.Nullable;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.RowType;

/**
 * The row log of one part file's open row group: the rows a checkpoint must carry, written once to
 * hidden segment files next to the part file ({@code .<file name>.rows-<n>}) instead of into the
 * checkpoint itself. A checkpoint writes only the rows that arrived since the last one (a new
 * segment), and the writer state names the segments; so a checkpoint's cost does not grow with the
 * open row group, and the sink keeps no second copy of the group's rows on the heap.
 *
 * <p>The log is a sequence of rows. Its segments, oldest first, hold rows {@code 0..n-1}; the open
 * row group is rows {@link #skip()} onwards (a cut drops the rows it wrote from the front with
 * {@link #drop}). Segments wholly before {@code skip} are forgotten (a later checkpoint does not
 * name them); they, like every segment of the file, are deleted by the committer once the part file
 * is published, or by a restore's orphan cleanup.
 *
 * <p>A segment is complete before the state names it (written, synced, closed), never changed
 * after, and checked when read back: magic, version, row count, length and a CRC-32 of its rows. It
 * is hidden ({@code .} prefix), so readers of the directory never see it.
 *
 * <p>When the sink encrypts its files, the log is given a {@link RowLogCipher}: its segments are of
 * version 2, the rows sealed in authenticated chunks with the files' footer key instead of followed
 * by a CRC-32, and a restore accepts only such segments (a plaintext segment could hold rows nobody
 * sealed). Without one, segments are of version 1, byte for byte as before encryption existed, and
 * a restore refuses sealed ones (it has no key to open them).
 *
 * <p>Called by the sink's task thread only; not thread-safe.
 */
final class RowLog {
    private static final int MAGIC = 0x5051_584C; // "PQXL"
    private static final byte VERSION = 1;

    /** The version of segments whose rows are sealed ({@link RowLogCipher}). */
    private static final byte SEALED_VERSION = 2;

    /** Magic, version, row count. */
    private static final int HEADER_BYTES = 4 + 1 + 4;

    /** The CRC-32 of the rows, after them. */
    private static final int TRAILER_BYTES = 4;

    private final FileSystem fs;
    private final Path directory;
    private final String fileName;
    private final List<RowLogSegment> segments;
    @Nullable private final RowLogCipher cipher;
    private long skip;
    private int next;

    /**
     * An empty log for the part file {@code target}.
     *
     * @param cipher seals the segments when the sink encrypts, else null
     */
    RowLog(Path target, @Nullable RowLogCipher cipher) throws IOException {
        this(target, List.of(), 0, 0, cipher);
    }

    /** The log a checkpoint named, continued (its segments must exist: {@link #read} them). */
    RowLog(
            Path target,
            List<RowLogSegment> segments,
            long skip,
            int next,
            @Nullable RowLogCipher cipher)
            throws IOException {
        this.cipher = cipher;
        this.fs = target.getFileSystem();
        this.directory = target.getParent();
        this.fileName = target.getName();
        this.segments = new ArrayList<>(segments);
        this.skip = skip;
        this.next = next;
    }

    /**
     * Writes rows {@code from..to-1} of {@code rows} as the log's next segment: complete, synced
     * and closed when this returns.
     *
     * @throws IOException naming the segment if it cannot be written
     */
    void append(CarriedRows rows, int from, int to) throws IOException {
        if (to <= from) {
            return;
        }
        String name = RowLogNames.segmentName(fileName, next);
        Path path = new Path(directory, name);
        CRC32 crc = new CRC32();
        long bytes;
        // A number at or past the checkpoint's "next" is named by no state: a failed attempt's
        // leftover (if the orphan cleanup missed it) is overwritten.
        try (FSDataOutputStream stream = fs.create(path, FileSystem.WriteMode.OVERWRITE)) {
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
            byte[] header = header(cipher == null ? VERSION : SEALED_VERSION, to - from);
            out.write(header);
            if (cipher == null) {
                long payload = rows.writeTo(out, from, to, crc);
                out.writeInt((int) crc.getValue());
                bytes = HEADER_BYTES + payload + TRAILER_BYTES;
            } else {
                RowLogCipher.Sealing sealing = cipher.sealing(out, header, path);
                // the CRC goes unused: the chunks' tags authenticate the rows
                rows.writeTo(new DataOutputStream(sealing), from, to, crc);
                bytes = HEADER_BYTES + sealing.finish();
            }
            out.flush();
            stream.sync();
        } catch (IOException e) {
            throw new IOException(
                    "Cannot write row-log segment " + path + ": " + e.getMessage(), e);
        }
        next++;
        segments.add(new RowLogSegment(name, to - from, bytes));
    }

    /** The first {@code rows} rows of the open row group left it (a row group was cut). */
    void drop(long rows) {
        skip += rows;
        while (!segments.isEmpty() && segments.get(0).rows() <= skip) {
            skip -= segments.remove(0).rows();
        }
        if (segments.isEmpty()) {
            skip = 0;
        }
    }

    /** Rows of the open row group the log holds. */
    long openRows() {
        long rows = -skip;
        for (RowLogSegment segment : segments) {
            rows += segment.rows();
        }
        return rows;
    }

    /** Bytes of the segments a checkpoint now names. */
    long bytes() {
        long bytes = 0;
        for (RowLogSegment segment : segments) {
            bytes += segment.bytes();
        }
        return bytes;
    }

    List<RowLogSegment> segments() {
        return List.copyOf(segments);
    }

    long skip() {
        return skip;
    }

    /** The number the next segment gets; every number below it may name a segment file. */
    int next() {
        return next;
    }

    /**
     * The open row group's rows a checkpoint's log holds: every segment's rows, in order, but the
     * first {@code skip}.
     *
     * @throws IOException naming the segment and what is wrong if one is missing, of another length
     *     than the state says, or damaged
     */
    static List<RowData> read(
            Path target,
            List<RowLogSegment> segments,
            long skip,
            RowType rowType,
            @Nullable RowLogCipher cipher)
            throws IOException {
        List<RowData> rows = new ArrayList<>();
        if (segments.isEmpty()) {
            return rows;
        }
        FileSystem fs = target.getFileSystem();
        RowDataSerializer serializer = new RowDataSerializer(rowType);
        long toSkip = skip;
        for (RowLogSegment segment : segments) {
            Path path = new Path(target.getParent(), segment.name());
            byte[] bytes = readFully(fs, path, segment);
            DataInputDeserializer in = new DataInputDeserializer(bytes);
            String where = "row-log segment " + path + " of part file " + target;
            if (in.readInt() != MAGIC) {
                throw new IOException(
                        "Cannot restore the open row group from "
                                + where
                                + ": it does not start as a segment does");
            }
            byte version = in.readByte();
            if (version != VERSION && version != SEALED_VERSION) {
                throw new IOException(
                        "Cannot restore the open row group from "
                                + where
                                + ": unknown segment version "
                                + version);
            }
            if (version == VERSION && cipher != null) {
                throw new IOException(
                        "Cannot restore the open row group from "
                                + where
                                + ": its rows are not encrypted, but the sink encrypts its files"
                                + " (a segment the sink did not seal is not trusted)");
            }
            if (version == SEALED_VERSION && cipher == null) {
                throw new IOException(
                        "Cannot restore the open row group from "
                                + where
                                + ": its rows are encrypted, but the sink has no encryption to"
                                + " decrypt them with (restore with the encryption it was"
                                + " written with)");
            }
            int count = in.readInt();
            if (count != segment.rows()) {
                throw new IOException(
                        "Cannot restore the open row group from "
                                + where
                                + ": it holds "
                                + count
                                + " rows, the checkpoint says "
                                + segment.rows());
            }
            DataInputDeserializer payload;
            if (cipher != null) {
                byte[] header = Arrays.copyOf(bytes, HEADER_BYTES);
                payload =
                        new DataInputDeserializer(
                                cipher.open(bytes, HEADER_BYTES, header, path, where));
            } else {
                CRC32 crc = new CRC32();
                crc.update(bytes, HEADER_BYTES, bytes.length - HEADER_BYTES - TRAILER_BYTES);
                DataInputDeserializer trailer =
                        new DataInputDeserializer(
                                bytes, bytes.length - TRAILER_BYTES, TRAILER_BYTES);
                if (trailer.readInt() != (int) crc.getValue()) {
                    throw new IOException(
                            "Cannot restore the open row group from "
                                    + where
                                    + ": its rows fail their CRC-32 check (the file is damaged)");
                }
                payload =
                        new DataInputDeserializer(
                                bytes, HEADER_BYTES, bytes.length - HEADER_BYTES - TRAILER_BYTES);
            }
            try {
                for (int i = 0; i < count; i++) {
                    RowData row = serializer.deserialize(payload);
                    if (toSkip > 0) {
                        toSkip--;
                    } else {
                        rows.add(row);
                    }
                }
            } catch (IOException | RuntimeException e) {
                throw new IOException(
                        "Cannot restore the open row group from "
                                + where
                                + ": its rows are unreadable ("
                                + e
                                + ")",
                        e);
            }
            if (payload.available() != 0) {
                throw new IOException(
                        "Cannot restore the open row group from "
                                + where
                                + ": "
                                + payload.available()
                                + " bytes follow its "
                                + count
                                + " rows");
            }
        }
        if (toSkip > 0) {
            throw new IOException(
                    "Cannot restore the open row group of "
                            + target
                            + ": the checkpoint skips "
                            + skip
                            + " rows of a log that holds fewer");
        }
        return rows;
    }

    /** Magic, version and row count: a segment's first {@link #HEADER_BYTES} bytes. */
    private static byte[] header(byte version, int rows) {
        return ByteBuffer.allocate(HEADER_BYTES).putInt(MAGIC).put(version).putInt(rows).array();
    }

    /** The segment's bytes, after checking its length against the state's (before allocating). */
    private static byte[] readFully(FileSystem fs, Path path, RowLogSegment segment)
            throws IOException {
        FileStatus status;
        try {
            status = fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new IOException(
                    "Cannot restore the open row group: its row-log segment "
                            + path
                            + " is missing (deleted after the checkpoint named it?)",
                    e);
        }
        if (status.getLen() != segment.bytes()
                || segment.bytes() < HEADER_BYTES + TRAILER_BYTES
                || segment.bytes() > Integer.MAX_VALUE - 8) {
            throw new IOException(
                    "Cannot restore the open row group: its row-log segment "
                            + path
                            + " has "
                            + status.getLen()
                            + " bytes, the checkpoint says "
                            + segment.bytes());
        }
        byte[] bytes = new byte[(int) segment.bytes()];
        try (FSDataInputStream in = fs.open(path)) {
            int at = 0;
            while (at < bytes.length) {
                int read = in.read(bytes, at, bytes.length - at);
                if (read < 0) {
                    throw new IOException(
                            "Cannot restore the open row group: its row-log segment "
                                    + path
                                    + " ended after "
                                    + at
                                    + " of "
                                    + bytes.length
                                    + " bytes");
                }
                at += read;
            }
        }
        return bytes;
    }
}
