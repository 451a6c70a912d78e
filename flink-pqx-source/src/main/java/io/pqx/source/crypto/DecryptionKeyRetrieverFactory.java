package io.pqx.source.crypto;

import io.pqx.format.crypto.DecryptionKeyRetriever;
import java.io.IOException;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Makes the key retriever of a source whose keys come from a key service, named by class (SQL
 * option {@code source.decryption.key-retriever.factory}): pqx instantiates the class through its
 * public no-argument constructor, from the user code class loader, where the files are read (the
 * enumerator and every split reader), and asks it for one retriever each time. So the retriever
 * need not be serializable, and its credentials stay where it runs.
 */
@PublicEvolving
public interface DecryptionKeyRetrieverFactory {

    /**
     * A retriever for the files of one enumerator or split reader.
     *
     * @throws IOException when the key service cannot be reached (never a key in the message)
     */
    DecryptionKeyRetriever create() throws IOException;
}
