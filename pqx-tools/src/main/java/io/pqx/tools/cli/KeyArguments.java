package io.pqx.tools.cli;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.KeyReferences;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The key options of the commands that read files written with Parquet modular encryption. Keys
 * come from files or environment variables only, never from the command line, where any user of the
 * machine sees them in the process list:
 *
 * <ul>
 *   <li>{@code --footer-key-file PATH} or {@code --footer-key-env VARIABLE}: the footer key;
 *   <li>{@code --column-key-file a=PATH,b.c=PATH} and {@code --column-key-env a=VARIABLE,...}: the
 *       keys of columns encrypted with keys of their own, by dotted column path (the column list
 *       syntax of the SQL options, read by {@link KeyReferences#columnKeys});
 *   <li>{@code --aad-prefix TEXT}: the AAD prefix, for files whose writer did not store it (not a
 *       secret).
 * </ul>
 *
 * A key file holds the raw key bytes (16, 24 or 32, no newline) or the text {@code hex:...} or
 * {@code base64:...}; a variable holds that text. {@code --footer-key} and {@code --column-key} are
 * refused with a message saying why. Stateless.
 */
final class KeyArguments {
    static final Set<String> OPTIONS =
            Set.of(
                    "footer-key-file",
                    "footer-key-env",
                    "column-key-file",
                    "column-key-env",
                    "aad-prefix",
                    "footer-key",
                    "column-key");

    static final String USAGE =
            "[--footer-key-file PATH | --footer-key-env VAR] [--column-key-file col=PATH,...]"
                    + " [--column-key-env col=VAR,...] [--aad-prefix TEXT]";

    private KeyArguments() {}

    /** The options of {@link #OPTIONS} plus {@code more}. */
    static Set<String> with(String... more) {
        Set<String> all = new HashSet<>(OPTIONS);
        all.addAll(Set.of(more));
        return Set.copyOf(all);
    }

    /**
     * {@code base} with the keys the arguments name; {@code base} itself when they name none.
     *
     * @throws UsageException for a key given on the command line, or both a file and a variable
     * @throws IOException when a file or variable cannot be read (naming it, never the key)
     */
    static ReadOptions readOptions(Arguments args, ReadOptions base, UnaryOperator<String> env)
            throws UsageException, IOException {
        for (String literal : new String[] {"footer-key", "column-key"}) {
            if (args.option(literal) != null) {
                throw new UsageException(
                        "--"
                                + literal
                                + " is not taken: a key on the command line shows in the process"
                                + " list; use --"
                                + literal
                                + "-file or --"
                                + literal
                                + "-env");
            }
        }
        String footerFile = args.option("footer-key-file");
        String footerEnv = args.option("footer-key-env");
        String columnFiles = args.option("column-key-file");
        String columnEnvs = args.option("column-key-env");
        String aad = args.option("aad-prefix");
        if (footerFile == null
                && footerEnv == null
                && columnFiles == null
                && columnEnvs == null
                && aad == null) {
            return base;
        }
        if (footerFile != null && footerEnv != null) {
            throw new UsageException(
                    "give the footer key by --footer-key-file or --footer-key-env");
        }
        FileDecryptionProperties.Builder keys = FileDecryptionProperties.builder();
        try {
            if (footerFile != null) {
                keys.footerKey(KeyReferences.resolve("file:" + footerFile, env));
            }
            if (footerEnv != null) {
                keys.footerKey(KeyReferences.resolve("env:" + footerEnv, env));
            }
            columnKeys(keys, columnFiles, "column-key-file", "file:", env);
            columnKeys(keys, columnEnvs, "column-key-env", "env:", env);
        } catch (IllegalArgumentException e) {
            // a key of the wrong length or form: the message names which, never the bytes
            throw new IOException(e.getMessage(), e);
        }
        if (aad != null) {
            if (aad.isEmpty()) {
                throw new UsageException("--aad-prefix is empty");
            }
            keys.aadPrefix(aad.getBytes(StandardCharsets.UTF_8));
        }
        return base.toBuilder().decryption(keys.build()).build();
    }

    private static void columnKeys(
            FileDecryptionProperties.Builder keys,
            String option,
            String name,
            String form,
            UnaryOperator<String> env)
            throws UsageException, IOException {
        if (option == null) {
            return;
        }
        Map<String, String> entries;
        try {
            // the parser of the SQL options: one syntax for column lists everywhere
            entries = KeyReferences.columnKeys(option);
        } catch (IllegalArgumentException e) {
            throw new UsageException(
                    "--"
                            + name
                            + " takes col="
                            + form.replace(":", "").toUpperCase(Locale.ROOT)
                            + ",...: "
                            + e.getMessage());
        }
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            keys.columnKey(entry.getKey(), KeyReferences.resolve(form + entry.getValue(), env));
        }
    }
}
