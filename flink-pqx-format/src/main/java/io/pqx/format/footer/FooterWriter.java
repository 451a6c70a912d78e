package io.pqx.format.footer;

import io.pqx.format.io.PositionOutputStream;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;

/**
 * Writes the end of a Parquet file: the Thrift-encoded {@link FileMetaData}, its length as a 4-byte
 * little-endian integer, and the magic {@code PAR1}. Called once per file by the writer, after the
 * last row group and the page indexes. Stateless and thread-safe (the stream is not).
 */
@Internal
public final class FooterWriter {
    private FooterWriter() {}

    /**
     * Appends footer, footer length and magic to {@code out}; does not flush or close it.
     *
     * @throws IOException when writing fails or the encoded footer exceeds 2 GiB
     */
    public static void write(PositionOutputStream out, FileMetaData footer) throws IOException {
        long start = out.position();
        Util.writeFileMetaData(footer, out);
        long length = out.position() - start;
        if (length > Integer.MAX_VALUE) {
            throw new IOException(
                    "Cannot write footer: it encodes to " + length + " bytes, more than 2 GiB");
        }
        int n = (int) length;
        out.write(new byte[] {(byte) n, (byte) (n >>> 8), (byte) (n >>> 16), (byte) (n >>> 24)});
        out.write(ParquetMagic.MAGIC);
    }
}
