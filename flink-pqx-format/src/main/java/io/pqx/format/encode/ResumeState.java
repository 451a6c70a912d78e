package io.pqx.format.encode;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.footer.BoundedThrift;
import io.pqx.format.footer.ParquetMagic;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import shaded.parquet.org.apache.thrift.TBase;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TIOStreamTransport;

/**
 * What a writer that continues a file needs of the writer that wrote its prefix: the prefix's
 * length and rows, the row type string, the persisted row groups' Thrift metadata with their column
 * and offset indexes (Thrift, chunk-relative offsets already absolute), and the size estimates'
 * state ({@link Estimates}), so the continued writer estimates, and so cuts, exactly as one writer
 * of the whole file would.
 *
 * <p>The serialized form ({@link #encode()}) is: a version byte, the fields in a fixed order
 * (big-endian, strings and Thrift structs each behind an int length), and a CRC-32 of everything
 * before it. {@link #decode} checks the version first, then the CRC, then every count and length
 * against the bytes left before it allocates anything, then that the row groups add up (rows,
 * offsets within the prefix, one index slot per column): any failure is a {@link
 * CorruptFileException} naming the file. Instances hold mutable Thrift objects: a decoded state is
 * handed to one writer only.
 *
 * <p>A file written with Parquet modular encryption also keeps its AAD file unique (no secret: the
 * file stores it too), so the continued writer's modules authenticate under the same file AAD; its
 * keys are not kept here, the continued writer takes them from its options again, and the state's
 * key check ({@code KeyCheck}, no secret either) lets it refuse options that differ from the
 * prefix's. Such a state is marked by the high bit of its version byte, with the AAD file unique
 * after the row groups ({@link #ENCRYPTED_VERSION}) and the key check after it ({@link
 * #KEY_CHECKED_VERSION}); a plaintext file's state stays version {@value #VERSION}, byte for byte
 * as before.
 */
@Internal
public record ResumeState(
        long length,
        long rowCount,
        String rowType,
        List<RowGroup> rowGroups,
        List<List<ColumnIndex>> columnIndexes,
        List<List<OffsetIndex>> offsetIndexes,
        Estimates estimates,
        @Nullable byte[] aadFileUnique,
        @Nullable byte[] keyCheck) {

    /** The version of a plaintext file's state. */
    public static final byte VERSION = 1;

    /**
     * The version byte of an encrypted file's state: {@link #VERSION} with the high bit set (the
     * encryption flag), then {@link #VERSION}'s fields and the AAD file unique.
     */
    public static final byte ENCRYPTED_VERSION = (byte) (VERSION | 0x80);

    /**
     * The version byte of an encrypted file's state with its key check: version 2 with the
     * encryption flag, {@link #ENCRYPTED_VERSION}'s fields and then the key check.
     */
    public static final byte KEY_CHECKED_VERSION = (byte) (2 | 0x80);

    /** The state of a plaintext file. */
    public ResumeState(
            long length,
            long rowCount,
            String rowType,
            List<RowGroup> rowGroups,
            List<List<ColumnIndex>> columnIndexes,
            List<List<OffsetIndex>> offsetIndexes,
            Estimates estimates) {
        this(
                length,
                rowCount,
                rowType,
                rowGroups,
                columnIndexes,
                offsetIndexes,
                estimates,
                null,
                null);
    }

    private static final String WHAT = "Cannot read resume point";

    /**
     * The size estimates' state of {@link StreamingRowGroupWriter} and {@link
     * IncrementalRowGroupEncoder} once every cut group is written: the file-wide settled sums, the
     * per-leaf finished sizes, and the cut groups (and their slices) the writer has not accounted
     * as settled yet.
     */
    public record Estimates(
            double assumedRatio,
            long settledBytes,
            long settledGroupRaw,
            long settledEncoded,
            long settledRaw,
            long[] leafFinishedRaw,
            long[] leafFinishedBytes,
            List<PendingGroup> groups,
            List<PendingSlice> slices) {
        /** Nothing known: a new file. */
        static Estimates none(int leaves) {
            return new Estimates(
                    0, 0, 0, 0, 0, new long[leaves], new long[leaves], List.of(), List.of());
        }
    }

    /** A cut group whose size the estimates do not count as settled yet. */
    public record PendingGroup(
            long rows, long raw, long settledEncoded, long unsettledRaw, long compressedSize) {}

    /** A slice of a {@link PendingGroup} (index into the groups) not yet settled. */
    public record PendingSlice(int group, long raw, long growth) {}

    /** The versioned bytes. */
    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(
                    aadFileUnique == null
                            ? VERSION
                            : keyCheck == null ? ENCRYPTED_VERSION : KEY_CHECKED_VERSION);
            out.writeLong(length);
            out.writeLong(rowCount);
            writeBytes(out, rowType.getBytes(StandardCharsets.UTF_8));
            out.writeDouble(estimates.assumedRatio());
            out.writeLong(estimates.settledBytes());
            out.writeLong(estimates.settledGroupRaw());
            out.writeLong(estimates.settledEncoded());
            out.writeLong(estimates.settledRaw());
            out.writeInt(estimates.leafFinishedRaw().length);
            for (int i = 0; i < estimates.leafFinishedRaw().length; i++) {
                out.writeLong(estimates.leafFinishedRaw()[i]);
                out.writeLong(estimates.leafFinishedBytes()[i]);
            }
            out.writeInt(estimates.groups().size());
            for (PendingGroup g : estimates.groups()) {
                out.writeLong(g.rows());
                out.writeLong(g.raw());
                out.writeLong(g.settledEncoded());
                out.writeLong(g.unsettledRaw());
                out.writeLong(g.compressedSize());
            }
            out.writeInt(estimates.slices().size());
            for (PendingSlice s : estimates.slices()) {
                out.writeInt(s.group());
                out.writeLong(s.raw());
                out.writeLong(s.growth());
            }
            out.writeInt(rowGroups.size());
            for (int g = 0; g < rowGroups.size(); g++) {
                writeBytes(out, thrift(rowGroups.get(g)));
                List<ColumnIndex> columns = columnIndexes.get(g);
                List<OffsetIndex> offsets = offsetIndexes.get(g);
                out.writeInt(columns.size());
                for (int c = 0; c < columns.size(); c++) {
                    writeOptional(out, columns.get(c) == null ? null : columnIndex(columns.get(c)));
                    writeOptional(out, offsets.get(c) == null ? null : offsetIndex(offsets.get(c)));
                }
            }
            if (aadFileUnique != null) {
                writeBytes(out, aadFileUnique);
                if (keyCheck != null) {
                    writeBytes(out, keyCheck);
                }
            }
            CRC32 crc = new CRC32();
            crc.update(bytes.toByteArray());
            out.writeInt((int) crc.getValue());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return bytes.toByteArray();
    }

    /**
     * Reads {@link #encode()}'s bytes.
     *
     * @throws CorruptFileException naming {@code location} when the bytes are not a resume point of
     *     version {@value #VERSION} (plaintext or encrypted) or contradict themselves
     */
    public static ResumeState decode(byte[] bytes, String location) throws CorruptFileException {
        FileContext file = FileContext.of(location);
        if (bytes == null || bytes.length == 0) {
            throw file.corrupt(WHAT, "it has no bytes");
        }
        if (bytes[0] != VERSION
                && bytes[0] != ENCRYPTED_VERSION
                && bytes[0] != KEY_CHECKED_VERSION) {
            throw file.corrupt(
                    WHAT,
                    "unknown version "
                            + bytes[0]
                            + " (this writer reads "
                            + VERSION
                            + ", with or without the encryption flag 0x80, and 2 with it)");
        }
        boolean keyChecked = bytes[0] == KEY_CHECKED_VERSION;
        boolean encrypted = bytes[0] == ENCRYPTED_VERSION || keyChecked;
        if (bytes.length < 1 + Integer.BYTES) {
            throw file.corrupt(WHAT, "only " + bytes.length + " bytes");
        }
        int body = bytes.length - Integer.BYTES;
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, body);
        if ((int) crc.getValue() != ByteBuffer.wrap(bytes, body, Integer.BYTES).getInt()) {
            throw file.corrupt(WHAT, "its checksum does not match (truncated or altered)");
        }
        Reader in = new Reader(ByteBuffer.wrap(bytes, 1, body - 1), file);
        long length = in.nonNegativeLong("length");
        long rowCount = in.nonNegativeLong("row count");
        String rowType = new String(in.bytes("row type"), StandardCharsets.UTF_8);
        double assumedRatio = in.buffer(Double.BYTES, "assumed ratio").getDouble();
        if (!(assumedRatio >= 0) || Double.isInfinite(assumedRatio)) {
            throw file.corrupt(WHAT, "assumed ratio " + assumedRatio);
        }
        long settledBytes = in.nonNegativeLong("settled bytes");
        long settledGroupRaw = in.nonNegativeLong("settled raw bytes");
        long settledEncoded = in.nonNegativeLong("settled encoded bytes");
        long settledRaw = in.nonNegativeLong("settled slice bytes");
        int leaves = in.count(2 * Long.BYTES, "columns");
        long[] leafRaw = new long[leaves];
        long[] leafBytes = new long[leaves];
        for (int i = 0; i < leaves; i++) {
            leafRaw[i] = in.nonNegativeLong("column raw bytes");
            leafBytes[i] = in.nonNegativeLong("column bytes");
        }
        int groupCount = in.count(5 * Long.BYTES, "pending row groups");
        List<PendingGroup> groups = new ArrayList<>(groupCount);
        for (int i = 0; i < groupCount; i++) {
            groups.add(
                    new PendingGroup(
                            in.nonNegativeLong("rows"),
                            in.nonNegativeLong("raw"),
                            in.nonNegativeLong("encoded"),
                            in.nonNegativeLong("raw"),
                            in.nonNegativeLong("compressed size")));
        }
        int sliceCount = in.count(Integer.BYTES + 2 * Long.BYTES, "pending slices");
        List<PendingSlice> slices = new ArrayList<>(sliceCount);
        for (int i = 0; i < sliceCount; i++) {
            int group = in.buffer(Integer.BYTES, "slice").getInt();
            if (group < 0 || group >= groupCount) {
                throw file.corrupt(WHAT, "a slice of row group " + group + " of " + groupCount);
            }
            slices.add(
                    new PendingSlice(
                            group,
                            in.nonNegativeLong("slice raw"),
                            in.buffer(Long.BYTES, "slice growth").getLong()));
        }
        int rowGroupCount = in.count(2 * Integer.BYTES, "row groups");
        if (groupCount > rowGroupCount) {
            throw file.corrupt(WHAT, groupCount + " pending of " + rowGroupCount + " row groups");
        }
        if (rowGroupCount > 0 && length < ParquetMagic.MAGIC.length) {
            throw file.corrupt(WHAT, "length " + length + " holds no row group");
        }
        List<RowGroup> rowGroups = new ArrayList<>(rowGroupCount);
        List<List<ColumnIndex>> columnIndexes = new ArrayList<>(rowGroupCount);
        List<List<OffsetIndex>> offsetIndexes = new ArrayList<>(rowGroupCount);
        long rows = 0;
        for (int g = 0; g < rowGroupCount; g++) {
            FileContext group = file.rowGroup(g);
            RowGroup rowGroup = in.thrift(new RowGroup(), "row group", group);
            int columns = in.count(2, "column indexes");
            if (!rowGroup.isSetColumns()
                    || rowGroup.getColumnsSize() != columns
                    || columns != leaves) {
                throw group.corrupt(
                        WHAT,
                        "the row group has "
                                + rowGroup.getColumnsSize()
                                + " columns, its indexes "
                                + columns
                                + ", the estimates "
                                + leaves);
            }
            long end = rowGroup.getFile_offset() + rowGroup.getTotal_compressed_size();
            if (rowGroup.getNum_rows() <= 0
                    || rowGroup.getFile_offset() < ParquetMagic.MAGIC.length
                    || rowGroup.getTotal_compressed_size() < 0
                    || end > length) {
                throw group.corrupt(
                        WHAT,
                        rowGroup.getNum_rows()
                                + " rows at ["
                                + rowGroup.getFile_offset()
                                + ", "
                                + end
                                + ") in a prefix of "
                                + length
                                + " bytes");
            }
            rows += rowGroup.getNum_rows();
            List<ColumnIndex> groupColumns = new ArrayList<>(columns);
            List<OffsetIndex> groupOffsets = new ArrayList<>(columns);
            for (int c = 0; c < columns; c++) {
                groupColumns.add(in.optionalThrift(new ColumnIndex(), "column index", group));
                groupOffsets.add(in.optionalThrift(new OffsetIndex(), "offset index", group));
            }
            rowGroups.add(rowGroup);
            columnIndexes.add(groupColumns);
            offsetIndexes.add(groupOffsets);
        }
        byte[] aadFileUnique = null;
        if (encrypted) {
            aadFileUnique = in.bytes("AAD file unique");
            if (aadFileUnique.length == 0) {
                throw file.corrupt(WHAT, "the encrypted file's AAD file unique is empty");
            }
        }
        byte[] keyCheck = null;
        if (keyChecked) {
            keyCheck = in.bytes("key check");
            if (keyCheck.length == 0) {
                throw file.corrupt(WHAT, "the encrypted file's key check is empty");
            }
        }
        if (in.remaining() != 0) {
            throw file.corrupt(WHAT, in.remaining() + " bytes after the last row group");
        }
        if (rows != rowCount) {
            throw file.corrupt(WHAT, "its row groups hold " + rows + " rows, not " + rowCount);
        }
        return new ResumeState(
                length,
                rowCount,
                rowType,
                rowGroups,
                columnIndexes,
                offsetIndexes,
                new Estimates(
                        assumedRatio,
                        settledBytes,
                        settledGroupRaw,
                        settledEncoded,
                        settledRaw,
                        leafRaw,
                        leafBytes,
                        groups,
                        slices),
                aadFileUnique,
                keyCheck);
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static void writeOptional(DataOutputStream out, @Nullable byte[] bytes)
            throws IOException {
        if (bytes == null) {
            out.writeInt(-1);
        } else {
            writeBytes(out, bytes);
        }
    }

    private static byte[] thrift(TBase<?, ?> struct) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            struct.write(new TCompactProtocol(new TIOStreamTransport(bytes)));
        } catch (TException e) {
            throw new IllegalStateException(
                    "Cannot serialize " + struct.getClass().getSimpleName(), e);
        }
        return bytes.toByteArray();
    }

    private static byte[] columnIndex(ColumnIndex index) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Util.writeColumnIndex(index, bytes);
        return bytes.toByteArray();
    }

    private static byte[] offsetIndex(OffsetIndex index) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Util.writeOffsetIndex(index, bytes);
        return bytes.toByteArray();
    }

    /** Reads with every length checked against the bytes left first. */
    private static final class Reader {
        private final ByteBuffer buffer;
        private final FileContext file;

        Reader(ByteBuffer buffer, FileContext file) {
            this.buffer = buffer;
            this.file = file;
        }

        int remaining() {
            return buffer.remaining();
        }

        ByteBuffer buffer(long needed, String what) throws CorruptFileException {
            if (needed > buffer.remaining()) {
                throw file.corrupt(
                        WHAT,
                        what + " needs " + needed + " bytes, " + buffer.remaining() + " are left");
            }
            return buffer;
        }

        long nonNegativeLong(String what) throws CorruptFileException {
            long value = buffer(Long.BYTES, what).getLong();
            if (value < 0) {
                throw file.corrupt(WHAT, what + " " + value + " is negative");
            }
            return value;
        }

        /** A count of items of at least {@code minBytes} each, checked against the bytes left. */
        int count(int minBytes, String what) throws CorruptFileException {
            int count = buffer(Integer.BYTES, what).getInt();
            if (count < 0 || (long) count * minBytes > buffer.remaining()) {
                throw file.corrupt(
                        WHAT,
                        count
                                + " "
                                + what
                                + " cannot fit in the "
                                + buffer.remaining()
                                + " bytes left");
            }
            return count;
        }

        byte[] bytes(String what) throws CorruptFileException {
            int length = buffer(Integer.BYTES, what).getInt();
            if (length < 0) {
                throw file.corrupt(WHAT, what + " has length " + length);
            }
            buffer(length, what); // before the allocation
            byte[] bytes = new byte[length];
            buffer.get(bytes);
            return bytes;
        }

        <T extends TBase<?, ?>> T thrift(T target, String what, FileContext where)
                throws CorruptFileException {
            int length = buffer(Integer.BYTES, what).getInt();
            return thriftOf(target, length, what, where);
        }

        @Nullable
        <T extends TBase<?, ?>> T optionalThrift(T target, String what, FileContext where)
                throws CorruptFileException {
            int length = buffer(Integer.BYTES, what).getInt();
            return length == -1 ? null : thriftOf(target, length, what, where);
        }

        private <T extends TBase<?, ?>> T thriftOf(
                T target, int length, String what, FileContext where) throws CorruptFileException {
            if (length < 0) {
                throw where.corrupt(WHAT, what + " has length " + length);
            }
            buffer(length, what);
            int at = buffer.arrayOffset() + buffer.position();
            try {
                int used = BoundedThrift.read(target, buffer.array(), at, length);
                if (used != length) {
                    throw where.corrupt(
                            WHAT, what + " takes " + used + " of its " + length + " bytes");
                }
            } catch (CorruptFileException e) {
                throw e;
            } catch (IOException e) {
                throw where.corrupt(WHAT, what + " is malformed: " + e.getMessage(), e);
            }
            buffer.position(buffer.position() + length);
            return target;
        }
    }
}
