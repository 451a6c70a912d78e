package io.pqx.format;

import io.pqx.format.encode.ResumeState;
import io.pqx.format.error.CorruptFileException;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Where a Parquet file being written can be taken up again after its writer is gone: the length of
 * its bytes made durable so far (the leading magic and every row group cut and written, bloom
 * filters included) and what its footer must say of those row groups (their metadata, column and
 * offset indexes, row count), plus the schema they were written with. A writer opened with {@link
 * ParquetWriter#resume} on a stream positioned at {@link #length()} continues the file as if it had
 * never stopped: the finished file is a valid Parquet file whose row groups are the persisted ones
 * followed by the new ones.
 *
 * <p>{@link #toBytes()} is a compact, versioned form for a checkpoint; {@link #fromBytes} reads it
 * back and refuses anything malformed with a {@link CorruptFileException} (never an allocation from
 * a lying length). Immutable; thread-safe.
 */
@PublicEvolving
public final class ResumePoint {
    private final byte[] bytes;
    private final long length;
    private final long rowCount;
    private final int rowGroupCount;

    private ResumePoint(byte[] bytes, ResumeState state) {
        this.bytes = bytes;
        this.length = state.length();
        this.rowCount = state.rowCount();
        this.rowGroupCount = state.rowGroups().size();
    }

    /** The point {@code state} describes; {@code state} is serialized now, not kept. */
    static ResumePoint of(ResumeState state) {
        return new ResumePoint(state.encode(), state);
    }

    /** Bytes of the file a resumed writer continues after. */
    public long length() {
        return length;
    }

    /** Rows in the persisted row groups. */
    public long rowCount() {
        return rowCount;
    }

    /** Row groups persisted. */
    public int rowGroupCount() {
        return rowGroupCount;
    }

    /** The versioned serialized form, read by {@link #fromBytes}. */
    public byte[] toBytes() {
        return bytes.clone();
    }

    /**
     * Reads {@link #toBytes()}'s form. Every length and count in it is checked against the bytes
     * left before anything is allocated, and a CRC-32 over the whole form catches truncation and
     * flipped bits.
     *
     * @param location the file's name, for messages
     * @throws CorruptFileException naming {@code location} if the bytes are not a resume point of a
     *     known version
     */
    public static ResumePoint fromBytes(byte[] bytes, String location) throws CorruptFileException {
        byte[] copy = bytes == null ? new byte[0] : bytes.clone();
        return new ResumePoint(copy, ResumeState.decode(copy, location));
    }

    /** A fresh decoded state, for one writer: its Thrift objects are that writer's to change. */
    ResumeState state(String location) throws CorruptFileException {
        return ResumeState.decode(bytes, location);
    }

    @Override
    public String toString() {
        return "ResumePoint{"
                + length
                + " bytes, "
                + rowGroupCount
                + " row groups, "
                + rowCount
                + " rows}";
    }
}
