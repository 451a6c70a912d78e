package io.pqx.format.footer;

import io.pqx.format.io.InputFile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** An {@link InputFile} that records every read, to check how the footer reader reads. */
final class TestingCountingInputFile implements InputFile {
    private final InputFile delegate;
    final List<long[]> reads = new ArrayList<>();

    TestingCountingInputFile(InputFile delegate) {
        this.delegate = delegate;
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
        reads.add(new long[] {position, length});
        delegate.readFully(position, buffer, offset, length);
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
