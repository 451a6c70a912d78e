package io.pqx.source.crypto;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/** Read options with the keys a source's {@link DecryptionFactory} makes, where it runs. */
@Internal
public final class Decryptions {
    private Decryptions() {}

    /**
     * {@code options} with the properties {@code factory} makes (none when it is null).
     *
     * @throws UncheckedIOException when the factory cannot read a key (its message names where
     *     from, never the key)
     */
    public static ReadOptions.Builder with(
            ReadOptions.Builder options, @Nullable DecryptionFactory factory) {
        if (factory == null) {
            return options;
        }
        FileDecryptionProperties properties;
        try {
            properties = factory.create();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot read the keys of encrypted Parquet files: " + e.getMessage(), e);
        }
        return options.decryption(properties);
    }
}
