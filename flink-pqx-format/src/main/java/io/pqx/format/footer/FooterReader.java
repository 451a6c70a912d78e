package io.pqx.format.footer;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.io.InputFile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HexFormat;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;

/**
 * Reads and validates the footer of a Parquet file with bounded memory.
 *
 * <p>One ranged read fetches the last {@code min(fileLength, 64 KiB)} bytes, which hold the whole
 * footer of most files; only a longer footer costs a second read of exactly its length, and only
 * after its length was checked against the file and {@code maxFooterBytes}. A file larger than the
 * tail costs one more 4-byte read to check the head magic. Nothing is allocated from an unchecked
 * length: Thrift decoding is capped at the footer's own length.
 *
 * <p>Errors: a malformed file gets a {@link CorruptFileException} "Cannot read footer: ... (file)";
 * an encrypted one an {@link io.pqx.format.error.UnsupportedFileException}. The schema and every
 * row group are then checked by {@link FileMetadata#fromThrift}'s rules.
 *
 * <p>Called by the reader and the source's planner, on any thread; stateless (the {@link InputFile}
 * is used by one thread at a time).
 */
@Internal
public final class FooterReader {
    /** Bytes fetched from the end of the file in the first read. */
    static final int TAIL_READ_BYTES = 64 * 1024;

    private static final String WHAT = FooterValidator.WHAT;

    private FooterReader() {}

    /**
     * Reads, decodes and validates the footer of {@code file}.
     *
     * @param maxFooterBytes the longest footer accepted; longer ones are rejected before reading
     */
    public static FileMetadata read(InputFile file, long maxFooterBytes) throws IOException {
        FileContext ctx = FileContext.of(file.location());
        long fileLength = file.length();
        if (fileLength < ParquetMagic.MIN_FILE_LENGTH) {
            throw ctx.corrupt(
                    WHAT,
                    "the file is "
                            + fileLength
                            + " bytes long, shorter than the smallest Parquet file ("
                            + ParquetMagic.MIN_FILE_LENGTH
                            + " bytes)");
        }
        int tailLength = (int) Math.min(fileLength, TAIL_READ_BYTES);
        byte[] tail = file.readFully(fileLength - tailLength, tailLength);
        checkTailMagic(tail, ctx);
        long footerLength = Integer.toUnsignedLong(littleEndianInt(tail, tailLength - 8));
        checkFooterLength(footerLength, fileLength, maxFooterBytes, ctx);
        long footerStart = fileLength - ParquetMagic.TAIL_LENGTH - footerLength;
        checkHeadMagic(file, fileLength, tail, ctx);

        FileMetaData footer;
        if (footerLength + ParquetMagic.TAIL_LENGTH <= tailLength) {
            int offset = (int) (tailLength - ParquetMagic.TAIL_LENGTH - footerLength);
            footer = decode(tail, offset, (int) footerLength, ctx);
        } else {
            byte[] bytes = file.readFully(footerStart, (int) footerLength);
            footer = decode(bytes, 0, bytes.length, ctx);
        }
        return FooterValidator.validate(footer, file.location(), footerStart, fileLength);
    }

    private static void checkTailMagic(byte[] tail, FileContext ctx) throws IOException {
        int at = tail.length - 4;
        if (ParquetMagic.matches(ParquetMagic.MAGIC, tail, at)) {
            return;
        }
        if (ParquetMagic.matches(ParquetMagic.ENCRYPTED_MAGIC, tail, at)) {
            throw ctx.unsupported(
                    WHAT,
                    "the footer is encrypted (Parquet modular encryption), which pqx does not"
                            + " support");
        }
        throw ctx.corrupt(
                WHAT,
                "the file does not end with the magic PAR1 (last 4 bytes: "
                        + HexFormat.ofDelimiter(" ").formatHex(tail, at, at + 4)
                        + ")");
    }

    private static void checkFooterLength(
            long footerLength, long fileLength, long maxFooterBytes, FileContext ctx)
            throws CorruptFileException {
        long room = fileLength - ParquetMagic.MIN_FILE_LENGTH;
        if (footerLength > room) {
            throw ctx.corrupt(
                    WHAT,
                    "the footer length "
                            + footerLength
                            + " exceeds the "
                            + room
                            + " bytes between the magic numbers");
        }
        if (footerLength > maxFooterBytes) {
            throw ctx.corrupt(
                    WHAT,
                    "the footer length "
                            + footerLength
                            + " exceeds the maximum footer size of "
                            + maxFooterBytes
                            + " bytes");
        }
    }

    private static void checkHeadMagic(
            InputFile file, long fileLength, byte[] tail, FileContext ctx) throws IOException {
        byte[] head = tail.length == fileLength ? tail : file.readFully(0, 4);
        if (!ParquetMagic.matches(ParquetMagic.MAGIC, head, 0)) {
            throw ctx.corrupt(
                    WHAT,
                    "the file does not start with the magic PAR1 (first 4 bytes: "
                            + HexFormat.ofDelimiter(" ").formatHex(head, 0, 4)
                            + ")");
        }
    }

    private static FileMetaData decode(byte[] bytes, int offset, int length, FileContext ctx)
            throws CorruptFileException {
        try {
            // The cap makes Thrift refuse any string or list longer than the footer itself.
            return Util.readFileMetaData(
                    new ByteArrayInputStream(bytes, offset, length), Math.max(length, 1));
        } catch (IOException e) {
            throw ctx.corrupt(
                    WHAT, "the footer is not a valid Thrift FileMetaData: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            // parquet-format's own checks of the decoded struct: keep their words, not the
            // unchecked exception
            throw ctx.corrupt(
                    WHAT, "the footer is not a valid Thrift FileMetaData: " + e.getMessage());
        }
    }

    private static int littleEndianInt(byte[] b, int i) {
        return (b[i] & 0xFF)
                | ((b[i + 1] & 0xFF) << 8)
                | ((b[i + 2] & 0xFF) << 16)
                | ((b[i + 3] & 0xFF) << 24);
    }
}
