package io.pqx.format.footer;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileDecryptor;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.io.ConcurrentReads;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.RangeReadPolicy;
import java.io.IOException;
import java.util.HexFormat;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.FileMetaData;

/**
 * Reads and validates the footer of a Parquet file with bounded memory, in as few round trips as
 * the file allows.
 *
 * <p>One ranged read fetches the file's tail speculatively: the last {@code min(fileLength, hint)}
 * bytes ({@link #tailReadBytes}). The hint is {@value #TAIL_READ_BYTES} bytes for a file read one
 * read after another (a local disk). For one whose {@link InputFile#rangeReadPolicy()} allows
 * concurrent reads (an object store, where a request costs a round trip of tens of milliseconds) it
 * is 1/512 of the file, at least {@value #TAIL_READ_BYTES} bytes and at most {@value
 * #REMOTE_TAIL_READ_BYTES}: footer and page indexes grow with the file's chunks and pages (about 40
 * bytes per page and column in the page index, a few hundred per column chunk in the footer), so
 * 0.2% of the file holds them for pages of tens of KiB and more, while what is read in vain stays a
 * small share of the file (a 1% query must not fetch much more than 1%). The 8-byte tail and the
 * footer of nearly every file arrive in that one read; only a longer footer costs a second read, of
 * just its bytes not yet read, after its length was checked against the file and {@code
 * maxFooterBytes}. The head magic is checked from the tail's bytes when they cover the whole file;
 * otherwise its 4 bytes are read next to the tail read (concurrently on a remote file, so it costs
 * a request but no round trip). Nothing is allocated from an unchecked length: Thrift decoding is
 * capped at the footer's own length.
 *
 * <p>{@link #readWithTail} also hands back the tail's bytes, so that a reader can serve later reads
 * that fall into them (the page indexes and bloom filters that writers put just before the footer)
 * without asking the file again.
 *
 * <p>Files written with Parquet modular encryption are read with the {@link
 * FileDecryptionProperties} given: an encrypted footer ({@code PARE} at both ends) is decrypted
 * ({@link EncryptedFooters}), a plaintext footer's signature checked when the footer key is known,
 * and encrypted columns' metadata decrypted where their keys are known.
 *
 * <p>Errors: a malformed file gets a {@link CorruptFileException} "Cannot read footer: ... (file)";
 * a footer that does not authenticate a {@link io.pqx.format.error.DecryptionFailedException}; an
 * encrypted footer without its key a {@link io.pqx.format.error.MissingKeyException}. The schema
 * and every row group are then checked by {@link FileMetadata#fromThrift}'s rules.
 *
 * <p>Called by the reader and the source's planner, on any thread; stateless (the {@link InputFile}
 * is used by one thread at a time, apart from the concurrent reads its policy allows).
 */
@Internal
public final class FooterReader {
    /** Bytes fetched from the end of a file read one read after another, in the first read. */
    static final int TAIL_READ_BYTES = 64 * 1024;

    /**
     * Bytes fetched from the end of a remote file (concurrent reads allowed), in the first read.
     */
    static final int REMOTE_TAIL_READ_BYTES = 1024 * 1024;

    private static final String WHAT = FooterValidator.WHAT;

    private FooterReader() {}

    /**
     * A footer and the bytes at the end of the file read to find it.
     *
     * @param metadata the validated footer
     * @param tailStart where {@code tail} starts in the file
     * @param tail the file's bytes {@code [tailStart, fileLength)}; do not modify
     */
    public record Tail(FileMetadata metadata, long tailStart, byte[] tail) {}

    /**
     * The speculative tail read's length for a file of {@code fileLength} bytes read under {@code
     * policy} (before capping at the file's length).
     */
    public static int tailReadBytes(RangeReadPolicy policy, long fileLength) {
        if (policy.concurrency() <= 1) {
            return TAIL_READ_BYTES;
        }
        return (int) Math.max(TAIL_READ_BYTES, Math.min(REMOTE_TAIL_READ_BYTES, fileLength >>> 9));
    }

    /**
     * Reads, decodes and validates the footer of {@code file}.
     *
     * @param maxFooterBytes the longest footer accepted; longer ones are rejected before reading
     */
    public static FileMetadata read(InputFile file, long maxFooterBytes) throws IOException {
        return readWithTail(file, maxFooterBytes).metadata();
    }

    /**
     * Reads, decodes and validates the footer of {@code file}, as {@link #read}, and hands back the
     * bytes of the file's tail read on the way.
     *
     * @param maxFooterBytes the longest footer accepted; longer ones are rejected before reading
     */
    public static Tail readWithTail(InputFile file, long maxFooterBytes) throws IOException {
        return readWithTail(file, maxFooterBytes, null);
    }

    /**
     * As {@link #readWithTail(InputFile, long)}, decrypting with {@code decryption} (null: no keys;
     * a file with an encrypted footer is then refused, one with a plaintext footer reads its
     * plaintext columns).
     */
    public static Tail readWithTail(
            InputFile file, long maxFooterBytes, @Nullable FileDecryptionProperties decryption)
            throws IOException {
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
        RangeReadPolicy policy = file.rangeReadPolicy();
        int tailLength = (int) Math.min(fileLength, tailReadBytes(policy, fileLength));
        long tailStart = fileLength - tailLength;
        byte[] tail = new byte[tailLength];
        byte[] head = tailLength == fileLength ? tail : new byte[4];
        if (head == tail) {
            file.readFully(tailStart, tail, 0, tailLength);
        } else {
            // the head magic's 4 bytes next to the tail: side by side where the file allows
            // concurrent reads (a request, no round trip of its own), else one after the other
            ConcurrentReads.run(
                    List.of(
                            () -> file.readFully(tailStart, tail, 0, tailLength),
                            () -> file.readFully(0, head, 0, 4)),
                    policy.concurrency());
        }
        return decodeTail(file, ctx, fileLength, tailStart, tail, head, maxFooterBytes, decryption);
    }

    /**
     * Decodes and validates the footer of {@code file} from bytes of its tail read before (by
     * {@link #readWithTail}, possibly in another process): the checks are those of {@link
     * #readWithTail} on the same bytes (tail magic, footer length against the file and {@code
     * maxFooterBytes}, Thrift decoding capped at the footer's length, {@link FooterValidator}). The
     * head magic is checked when the tail covers the whole file; otherwise it was checked by the
     * read that fetched the tail. Nothing is read from {@code file} unless the footer starts before
     * {@code tailStart} (then only its missing bytes, as {@link #readWithTail} does).
     *
     * @param tailStart where {@code tail} starts in the file; {@code tail} must end where the file
     *     ends ({@link InputFile#length()}), else the tail is refused as not this file's
     * @param tail the file's bytes {@code [tailStart, length)}; not modified, kept by the result
     * @throws CorruptFileException when the bytes are no footer of this file, naming the file
     */
    public static Tail fromTail(InputFile file, long tailStart, byte[] tail, long maxFooterBytes)
            throws IOException {
        return fromTail(file, tailStart, tail, maxFooterBytes, null);
    }

    /** As {@link #fromTail(InputFile, long, byte[], long)}, decrypting with {@code decryption}. */
    public static Tail fromTail(
            InputFile file,
            long tailStart,
            byte[] tail,
            long maxFooterBytes,
            @Nullable FileDecryptionProperties decryption)
            throws IOException {
        FileContext ctx = FileContext.of(file.location());
        long fileLength = file.length();
        if (tailStart < 0 || tailStart + tail.length != fileLength) {
            throw ctx.corrupt(
                    WHAT,
                    "the tail read before holds bytes ["
                            + tailStart
                            + ", "
                            + (tailStart + tail.length)
                            + "), which do not end where the file of "
                            + fileLength
                            + " bytes ends: it was read from another version of the file");
        }
        if (fileLength < ParquetMagic.MIN_FILE_LENGTH || tail.length < ParquetMagic.TAIL_LENGTH) {
            throw ctx.corrupt(
                    WHAT,
                    "the tail read before holds "
                            + tail.length
                            + " bytes of a file of "
                            + fileLength
                            + " bytes, too few for a footer's length and magic");
        }
        return decodeTail(
                file,
                ctx,
                fileLength,
                tailStart,
                tail,
                tailStart == 0 ? tail : null,
                maxFooterBytes,
                decryption);
    }

    /**
     * Decodes the footer from the tail; {@code head}: the file's first bytes, or null if unread.
     */
    private static Tail decodeTail(
            InputFile file,
            FileContext ctx,
            long fileLength,
            long tailStart,
            byte[] tail,
            byte[] head,
            long maxFooterBytes,
            @Nullable FileDecryptionProperties decryption)
            throws IOException {
        int tailLength = tail.length;
        boolean encryptedFooter = checkTailMagic(tail, ctx);
        long footerLength = Integer.toUnsignedLong(littleEndianInt(tail, tailLength - 8));
        checkFooterLength(footerLength, fileLength, maxFooterBytes, ctx);
        long footerStart = fileLength - ParquetMagic.TAIL_LENGTH - footerLength;
        if (head != null) {
            checkHeadMagic(head, encryptedFooter, ctx);
        }

        byte[] bytes;
        int at;
        if (footerStart >= tailStart) {
            bytes = tail;
            at = (int) (footerStart - tailStart);
        } else {
            // a footer longer than the tail read: only its bytes before the tail are missing
            bytes = new byte[(int) footerLength];
            at = 0;
            int missing = (int) (tailStart - footerStart);
            file.readFully(footerStart, bytes, 0, missing);
            System.arraycopy(tail, 0, bytes, missing, (int) footerLength - missing);
        }
        FileMetaData footer;
        FileDecryptor decryptor = null;
        if (encryptedFooter) {
            EncryptedFooters.Decrypted decrypted =
                    EncryptedFooters.decrypt(bytes, at, (int) footerLength, decryption, ctx);
            footer = decrypted.footer();
            decryptor = decrypted.decryptor();
        } else {
            footer = decode(bytes, at, (int) footerLength, ctx);
            if (footer.isSetEncryption_algorithm()) {
                decryptor =
                        EncryptedFooters.plaintext(
                                footer, bytes, at, (int) footerLength, decryption, ctx);
            }
        }
        FileMetadata metadata =
                FooterValidator.validate(
                        footer, file.location(), footerStart, fileLength, decryptor);
        return new Tail(metadata, tailStart, tail);
    }

    /** Whether the tail ends in {@code PARE}: an encrypted footer. */
    private static boolean checkTailMagic(byte[] tail, FileContext ctx) throws IOException {
        int at = tail.length - 4;
        if (ParquetMagic.matches(ParquetMagic.MAGIC, tail, at)) {
            return false;
        }
        if (ParquetMagic.matches(ParquetMagic.ENCRYPTED_MAGIC, tail, at)) {
            return true;
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

    private static void checkHeadMagic(byte[] head, boolean encryptedFooter, FileContext ctx)
            throws IOException {
        byte[] magic = encryptedFooter ? ParquetMagic.ENCRYPTED_MAGIC : ParquetMagic.MAGIC;
        if (!ParquetMagic.matches(magic, head, 0)) {
            throw ctx.corrupt(
                    WHAT,
                    "the file does not start with the magic "
                            + (encryptedFooter ? "PARE its end names" : "PAR1")
                            + " (first 4 bytes: "
                            + HexFormat.ofDelimiter(" ").formatHex(head, 0, 4)
                            + ")");
        }
    }

    private static FileMetaData decode(byte[] bytes, int offset, int length, FileContext ctx)
            throws CorruptFileException {
        try {
            // The cap makes Thrift refuse any string or list longer than the footer itself;
            // strings interned as parquet-format's Util.readFileMetaData does
            FileMetaData footer = new FileMetaData();
            BoundedThrift.read(footer, bytes, offset, length, true);
            return footer;
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
