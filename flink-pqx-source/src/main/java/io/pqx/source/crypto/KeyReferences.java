package io.pqx.source.crypto;

import java.io.IOException;
import java.util.function.UnaryOperator;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Reads a key (or AAD prefix) given by reference, as pqx's SQL options and CLI take them: {@code
 * hex:...}, {@code base64:...}, {@code env:NAME} or {@code file:/path}, exactly as {@link
 * io.pqx.format.crypto.KeyReferences} (which the sink's encryption options read too) describes.
 * Messages name the form, the variable or the file, never the text of a key. Stateless;
 * thread-safe.
 */
@PublicEvolving
public final class KeyReferences {
    private KeyReferences() {}

    /**
     * The bytes {@code reference} gives, environment variables read from this process.
     *
     * @throws IOException for a variable that is not set or a file that cannot be read
     * @throws IllegalArgumentException for a reference or value in none of the forms
     */
    public static byte[] resolve(String reference) throws IOException {
        return io.pqx.format.crypto.KeyReferences.resolve(reference);
    }

    /** As {@link #resolve(String)}, with environment variables looked up in {@code env}. */
    public static byte[] resolve(String reference, UnaryOperator<String> env) throws IOException {
        return io.pqx.format.crypto.KeyReferences.resolve(reference, env);
    }

    /**
     * Checks the form of {@code reference} without reading a variable or a file: a {@code hex:} or
     * {@code base64:} literal must decode, {@code env:} and {@code file:} must name something.
     *
     * @throws IllegalArgumentException saying what is wrong, never the text
     */
    public static void checkForm(String reference) {
        io.pqx.format.crypto.KeyReferences.checkForm(reference);
    }
}
