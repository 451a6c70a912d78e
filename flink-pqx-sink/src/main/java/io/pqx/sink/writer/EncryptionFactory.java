package io.pqx.sink.writer;

import io.pqx.format.crypto.FileEncryptionProperties;
import java.io.IOException;
import java.io.Serializable;
import org.apache.flink.annotation.Internal;

/**
 * Makes the encryption properties of the sink's files where they are written: serialized with the
 * sink and called by each writer when it opens, so keys given by reference ({@code env:}, {@code
 * file:}) are read on the TaskManagers, not by the client. Implementations never show a key in
 * {@code toString}.
 */
@Internal
public interface EncryptionFactory extends Serializable {

    /**
     * The properties of every file a writer writes.
     *
     * @throws IOException when a key cannot be read; the message names where from, never the key
     */
    FileEncryptionProperties create() throws IOException;

    /** A factory handing out {@code properties} as given (they travel with the sink). */
    static EncryptionFactory of(FileEncryptionProperties properties) {
        return new Given(properties);
    }

    /** Properties given as an object; their {@code toString} names which keys are set only. */
    @Internal
    record Given(FileEncryptionProperties properties) implements EncryptionFactory {
        @Override
        public FileEncryptionProperties create() {
            return properties;
        }
    }
}
