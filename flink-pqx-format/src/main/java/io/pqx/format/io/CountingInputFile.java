package io.pqx.format.io;

import java.io.IOException;
import java.util.function.LongConsumer;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * An {@link InputFile} that reports the bytes of every read it serves to a consumer (a metric, a
 * benchmark's count): footers, indexes, bloom filters and pages alike, and the ranges {@link
 * #takeHeld} hands over. Concurrent reads (see {@link #rangeReadPolicy()}) report one at a time, so
 * the consumer need not be thread-safe.
 */
@PublicEvolving
public final class CountingInputFile extends ForwardingInputFile {
    private final LongConsumer bytesRead;

    /**
     * @param bytesRead given the length of each read, after it succeeded
     */
    public CountingInputFile(InputFile file, LongConsumer bytesRead) {
        super(file);
        this.bytesRead = bytesRead;
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
        super.readFully(position, buffer, offset, length);
        synchronized (this) {
            bytesRead.accept(length);
        }
    }

    /** Counts the bytes handed over as read. */
    @Nullable
    @Override
    public Held takeHeld(long position, int length) throws IOException {
        Held held = super.takeHeld(position, length);
        if (held != null) {
            synchronized (this) {
                bytesRead.accept(length);
            }
        }
        return held;
    }
}
