package io.pqx.format.footer;

import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.PositionOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;

/**
 * Builds test files by rewriting the footer of real ones. (Reading footers with parquet-java, for
 * comparison, is e2e-tests' {@code TestingParquetJavaFooters}: this module's tests stay free of
 * Hadoop.)
 */
public final class TestingFooters {
    private TestingFooters() {}

    public static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Offset of the footer's first byte. */
    public static int footerStart(byte[] file) {
        int len = ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        return file.length - 8 - len;
    }

    /** The Thrift footer of a file, decoded with parquet-format-structures directly. */
    public static FileMetaData footer(byte[] file) throws IOException {
        int start = footerStart(file);
        return Util.readFileMetaData(
                new ByteArrayInputStream(file, start, file.length - 8 - start));
    }

    /** The same file with its footer replaced by {@code mutate}'s edit of it. */
    public static byte[] rewrite(byte[] file, Consumer<FileMetaData> mutate) throws IOException {
        FileMetaData footer = footer(file);
        mutate.accept(footer);
        return withFooter(Arrays.copyOf(file, footerStart(file)), footer);
    }

    /** {@code data} (which starts with PAR1) followed by {@code footer}, length and magic. */
    public static byte[] withFooter(byte[] data, FileMetaData footer) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(data);
        FooterWriter.write(new PositionOutputStream(bytes, data.length), footer);
        return bytes.toByteArray();
    }

    public static InputFile input(String name, byte[] bytes) {
        return new ByteArrayInputFile(name, bytes);
    }

    public static final long MAX_FOOTER = 16 << 20;
}
