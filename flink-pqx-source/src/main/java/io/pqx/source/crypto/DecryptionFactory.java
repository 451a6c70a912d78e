package io.pqx.source.crypto;

import io.pqx.format.crypto.FileDecryptionProperties;
import java.io.IOException;
import java.io.Serializable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Makes the decryption properties of a pqx source where its files are read: once in the enumerator
 * (the JobManager, which reads footers to plan and prune) and once in each split reader (the
 * TaskManagers), never in between. It travels with the source, serialized into the job: a factory
 * that reads its keys where it runs (an environment variable, a file, a key service) keeps them out
 * of the job graph; one that holds key bytes carries them there (as the source's other settings
 * are, not in checkpoints).
 *
 * <p>Implementations are serializable, must not show keys in {@link Object#toString()}, and may be
 * called from several threads of one process (each call makes its own properties).
 */
@PublicEvolving
@FunctionalInterface
public interface DecryptionFactory extends Serializable {

    /**
     * The properties for the files of this source.
     *
     * @throws IOException when a key cannot be read (name where from, never the key)
     */
    FileDecryptionProperties create() throws IOException;
}
