package io.pqx.format;

import io.pqx.format.io.InputFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** An {@link InputFile} that records every range read through it, for tests of what is read. */
public final class TestingRecordingInputFile implements InputFile {
    private final InputFile delegate;
    private final List<long[]> reads = new ArrayList<>();

    public TestingRecordingInputFile(InputFile delegate) {
        this.delegate = delegate;
    }

    /** The ranges read so far, as {start, end} pairs. */
    public List<long[]> reads() {
        return reads;
    }

    public long bytesRead() {
        return reads.stream().mapToLong(r -> r[1] - r[0]).sum();
    }

    public void forget() {
        reads.clear();
    }

    @Override
    public String location() {
        return delegate.location();
    }

    @Override
    public long length() throws IOException {
        return delegate.length();
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
        reads.add(new long[] {position, position + length});
        delegate.readFully(position, buffer, offset, length);
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
