package io.pqx.format;

import io.pqx.format.io.InputFile;
import io.pqx.format.io.RangeReadPolicy;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** An {@link InputFile} that records every range read through it, for tests of what is read. */
public final class TestingRecordingInputFile implements InputFile {
    private final InputFile delegate;
    private final List<long[]> reads = Collections.synchronizedList(new ArrayList<>());
    private final RangeReadPolicy policy;

    public TestingRecordingInputFile(InputFile delegate) {
        this(delegate, delegate.rangeReadPolicy());
    }

    /** Records reads of {@code delegate}, claiming {@code policy} (a remote file's, say). */
    public TestingRecordingInputFile(InputFile delegate, RangeReadPolicy policy) {
        this.delegate = delegate;
        this.policy = policy;
    }

    @Override
    public RangeReadPolicy rangeReadPolicy() {
        return policy;
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

    /**
     * A reader of this file opened with its footer read before, so that it holds none of the footer
     * read's tail bytes: every index and page read it makes is recorded. Forgets the footer's
     * reads.
     */
    public ParquetReader openWithFooterReadBefore(ReadOptions options) throws IOException {
        ParquetFooter footer = ParquetInspector.read(this, options).footer();
        forget();
        return ParquetReader.open(this, footer, options);
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
