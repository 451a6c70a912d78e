package io.pqx.format;

import io.pqx.format.error.CorruptFileException;

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
 * back and refuses anything malformed with a {@link CorruptFileException} (never an allocation
 * from a lying length). Immutable; thread-safe.
 */
public final class ResumePoint {
    private ResumePoint() {
        throw new UnsupportedOperationException("not implemented yet");
    }

    /** Bytes of the file a resumed writer continues after. */
    public long length() {
        throw new UnsupportedOperationException("not implemented yet");
    }

    /** Rows in the persisted row groups. */
    public long rowCount() {
        throw new UnsupportedOperationException("not implemented yet");
    }

    /** Row groups persisted. */
    public int rowGroupCount() {
        throw new UnsupportedOperationException("not implemented yet");
    }

    /** The versioned serialized form, read by {@link #fromBytes}. */
    public byte[] toBytes() {
        throw new UnsupportedOperationException("not implemented yet");
    }

    /**
     * Reads {@link #toBytes()}'s form.
     *
     * @param location the file's name, for messages
     * @throws CorruptFileException naming {@code location} if the bytes are not a resume point of
     *     a known version
     */
    public static ResumePoint fromBytes(byte[] bytes, String location) throws CorruptFileException {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
