package io.pqx.format.io;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.flink.annotation.PublicEvolving;

/**
 * An output stream that knows how many bytes went through it, the file offset the Parquet writer
 * records in its footer. It wraps any {@link OutputStream}: a Flink {@code FSDataOutputStream}, a
 * {@code RecoverableFsDataOutputStream} of the sink, or a byte array in tests. The starting
 * position is given, so a writer can append to a stream that already holds bytes.
 *
 * <p>{@link #close()} closes the wrapped stream; the sink, which must commit rather than close,
 * calls {@link #flush()} instead.
 */
@PublicEvolving
public final class PositionOutputStream extends OutputStream {
    private final OutputStream out;
    private long position;

    public PositionOutputStream(OutputStream out, long startPosition) {
        this.out = out;
        this.position = startPosition;
    }

    public PositionOutputStream(OutputStream out) {
        this(out, 0);
    }

    /** Bytes written so far, plus the start position. */
    public long position() {
        return position;
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        position++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        position += len;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
