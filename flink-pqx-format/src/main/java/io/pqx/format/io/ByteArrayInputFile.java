package io.pqx.format.io;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import org.apache.flink.annotation.PublicEvolving;

/** An {@link InputFile} over bytes in memory; handy for small files, footers and tests. */
@PublicEvolving
public final class ByteArrayInputFile implements InputFile {
    private final String location;
    private final byte[] bytes;

    public ByteArrayInputFile(String location, byte[] bytes) {
        this.location = location;
        this.bytes = bytes;
    }

    @Override
    public String location() {
        return location;
    }

    @Override
    public long length() {
        return bytes.length;
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int len)
            throws CorruptFileException {
        if (position < 0 || len < 0 || position > bytes.length - (long) len) {
            throw FileContext.of(location)
                    .corrupt(
                            "Cannot read bytes",
                            "range ["
                                    + position
                                    + ", "
                                    + (position + len)
                                    + ") lies outside the file of "
                                    + bytes.length
                                    + " bytes");
        }
        System.arraycopy(bytes, (int) position, buffer, offset, len);
    }

    @Override
    public void close() {}
}
