package io.pqx.format.error;

import org.apache.flink.annotation.PublicEvolving;

/**
 * A module of an encrypted Parquet file (footer, footer signature, column metadata, page header,
 * page, column or offset index, bloom filter header or bitset) does not authenticate or decrypt:
 * the key is wrong (a key of another file or column), the AAD prefix is not the file's, or the
 * bytes were changed, cut or moved. AES-GCM cannot tell these apart, so the message says what
 * failed to authenticate and where: "Cannot decrypt &lt;module&gt;: &lt;reason&gt; (file, row group
 * n, column a.b)". It never holds key bytes. Nothing decoded from such a module is returned.
 */
@PublicEvolving
public class DecryptionFailedException extends CorruptFileException {
    private static final long serialVersionUID = 1L;

    private final String module;

    public DecryptionFailedException(String module, String message) {
        super(message);
        this.module = module;
    }

    /** The module that failed, e.g. {@code "page header"}, {@code "footer"}. */
    public String module() {
        return module;
    }
}
