package io.pqx.source.reader;

import io.pqx.format.io.InputFile;

import org.apache.flink.metrics.Counter;

import java.io.IOException;

/** An {@link InputFile} that counts the bytes read from it into a counter ({@code pqxBytesRead}). */
final class CountingInputFile implements InputFile {
    private final InputFile file;
    private final Counter bytesRead;

    CountingInputFile(InputFile file, Counter bytesRead) {
        this.file = file;
        this.bytesRead = bytesRead;
    }

    @Override
    public String location() {
        return file.location();
    }

    @Override
    public long length() throws IOException {
        return file.length();
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
        file.readFully(position, buffer, offset, length);
        bytesRead.inc(length);
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
