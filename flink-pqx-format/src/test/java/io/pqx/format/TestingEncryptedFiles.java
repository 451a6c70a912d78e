package io.pqx.format;

import io.pqx.format.crypto.DecryptionKeyRetriever;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.KeyRetrievalException;
import io.pqx.format.options.ReadOptions;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The keys of parquet-testing's encrypted files, as its {@code data/README.md} documents them: the
 * footer key (id "kf"), the key of {@code double_field} ("kc1") and of {@code float_field} ("kc2"),
 * and the AAD prefix "tester" of the two files written with one. The README writes the keys as
 * {@code {0,1,2,...}}: they are those digits as ASCII characters (the writers' tests spell them
 * {@code "0123456789012345"}).
 */
public final class TestingEncryptedFiles {
    public static final byte[] FOOTER_KEY = ascii("0123456789012345");
    public static final byte[] DOUBLE_KEY = ascii("1234567890123450");
    public static final byte[] FLOAT_KEY = ascii("1234567890123451");
    public static final byte[] AAD_PREFIX = "tester".getBytes(StandardCharsets.US_ASCII);

    /** The eight encrypted files. */
    public static final String PLAIN_FOOTER = "encrypt_columns_plaintext_footer.parquet.encrypted";

    public static final String COLUMNS_AND_FOOTER = "encrypt_columns_and_footer.parquet.encrypted";
    public static final String AAD_STORED = "encrypt_columns_and_footer_aad.parquet.encrypted";
    public static final String AAD_NOT_STORED =
            "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted";
    public static final String BLOOM = "encrypt_columns_and_footer_bloom_filter.parquet.encrypted";
    public static final String CTR = "encrypt_columns_and_footer_ctr.parquet.encrypted";
    public static final String UNIFORM = "uniform_encryption.parquet.encrypted";
    public static final String EXTERNAL = "external_key_material_java.parquet.encrypted";

    private TestingEncryptedFiles() {}

    private static byte[] ascii(String key) {
        return key.getBytes(StandardCharsets.US_ASCII);
    }

    /** All three keys given explicitly. */
    public static FileDecryptionProperties.Builder explicitKeys() {
        return FileDecryptionProperties.builder()
                .footerKey(FOOTER_KEY)
                .columnKey("double_field", DOUBLE_KEY)
                .columnKey("float_field", FLOAT_KEY);
    }

    /** A retriever that knows the key ids "kf", "kc1" and "kc2". */
    public static DecryptionKeyRetriever retriever() {
        Map<String, byte[]> keys = Map.of("kf", FOOTER_KEY, "kc1", DOUBLE_KEY, "kc2", FLOAT_KEY);
        return metadata -> {
            byte[] key = keys.get(new String(metadata, StandardCharsets.UTF_8));
            if (key == null) {
                throw new KeyRetrievalException("no key with this id");
            }
            return key.clone();
        };
    }

    public static ReadOptions options(FileDecryptionProperties properties) {
        return ReadOptions.builder().decryption(properties).build();
    }
}
