package io.pqx.format.io;

import java.io.IOException;
import java.util.Objects;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * An {@link InputFile} that forwards every call to another; subclasses override what they add
 * (counting, carrying facts about the file, not closing it). Thread-safety and the {@link
 * #rangeReadPolicy()} are the wrapped file's: a subclass that overrides {@code readFully} keeps it
 * safe for the concurrent reads that policy allows.
 */
@PublicEvolving
public abstract class ForwardingInputFile implements InputFile {
    private final InputFile file;

    protected ForwardingInputFile(InputFile file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /** The wrapped file. */
    protected final InputFile delegate() {
        return file;
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
    }

    @Nullable
    @Override
    public Held takeHeld(long position, int length) throws IOException {
        return file.takeHeld(position, length);
    }

    @Override
    public RangeReadPolicy rangeReadPolicy() {
        return file.rangeReadPolicy();
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
