package io.pqx.format;

import io.pqx.format.crypto.DecryptionKeyRetriever;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.KeyRetrievalException;
import io.pqx.format.options.ReadOptions;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;

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

    /** The AES-256 keys of the files in {@code data/aes256}, in the same way. */
    public static final byte[] FOOTER_KEY_256 = ascii("01234567890123456789012345678901");

    public static final byte[] DOUBLE_KEY_256 = ascii("12345678901234567890123456789012");
    public static final byte[] FLOAT_KEY_256 = ascii("12345678901234567890123456789013");

    /**
     * The aes256 files' footer key and the keys of their eight encrypted columns, given explicitly:
     * "1234567890123456789012345678901" and a last digit of 2 for {@code double_field}, 3 for
     * {@code float_field}, then 4 to 9 for the other columns.
     */
    public static FileDecryptionProperties.Builder explicitKeys256() {
        FileDecryptionProperties.Builder builder =
                FileDecryptionProperties.builder()
                        .footerKey(FOOTER_KEY_256)
                        .columnKey("double_field", DOUBLE_KEY_256)
                        .columnKey("float_field", FLOAT_KEY_256);
        String[] others = {
            "boolean_field",
            "int32_field",
            "ba_field",
            "flba_field",
            "int64_field.list.element",
            "int96_field"
        };
        for (int c = 0; c < others.length; c++) {
            builder.columnKey(others[c], ascii("1234567890123456789012345678901" + (4 + c)));
        }
        return builder;
    }

    /**
     * The rows parquet-testing's 50-row encrypted files hold, as {@link TestingRowValues} reads
     * them: row {@code i} has {@code i % 2 == 0}, {@code i}, the list {@code [2i, 2i + 1]} times
     * 10^12, the INT96 of the words {@code i, i + 1, i + 2}, {@code (float) i * 1.1f}, {@code i *
     * 1.1111111}, "parquet" and i's three digits on even rows (null on odd ones), and ten bytes of
     * {@code i}: the values the writers' tests generate and check.
     */
    public static List<List<Object>> sampleRows() {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            long nanos = ((long) (i + 1) << 32) | i;
            Instant int96 = Instant.ofEpochSecond((i + 2 - 2_440_588L) * 86_400L).plusNanos(nanos);
            String digits =
                    ""
                            + (char) ('0' + i / 100)
                            + (char) ('0' + (i / 10) % 10)
                            + (char) ('0' + i % 10);
            byte[] flba = new byte[10];
            Arrays.fill(flba, (byte) i);
            rows.add(
                    Arrays.asList(
                            i % 2 == 0,
                            (long) i,
                            List.of(2L * i * 1_000_000_000_000L, (2L * i + 1) * 1_000_000_000_000L),
                            int96,
                            (double) ((float) i * 1.1f),
                            i * 1.1111111,
                            i % 2 == 0
                                    ? HexFormat.of()
                                            .formatHex(
                                                    ("parquet" + digits)
                                                            .getBytes(StandardCharsets.US_ASCII))
                                    : null,
                            HexFormat.of().formatHex(flba)));
        }
        return rows;
    }

    /**
     * The rows of {@value #BLOOM}: row {@code i} of 2000 holds {@code i + 0.5}, {@code i + 0.25},
     * {@code i} and "name_" i.
     */
    public static List<List<Object>> bloomRows() {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            rows.add(List.of(i + 0.5, i + 0.25, (long) i, "name_" + i));
        }
        return rows;
    }

    /**
     * The keys a corpus file (its path under the corpus root, e.g. {@code
     * data/aes256/uniform_encryption.parquet.encrypted}) is read with: the footer and column keys
     * (AES-256 for {@code aes256/}), and the AAD prefix for the file that does not store it; null
     * for a plain file and for {@value #EXTERNAL}, whose keys no test holds.
     */
    @Nullable
    public static FileDecryptionProperties keysOf(String relativePath) {
        String path = relativePath.replace('\\', '/');
        if (!path.endsWith(".parquet.encrypted") || path.endsWith(EXTERNAL)) {
            return null;
        }
        FileDecryptionProperties.Builder keys =
                path.contains("aes256/") ? explicitKeys256() : explicitKeys();
        if (path.endsWith(AAD_NOT_STORED)) {
            keys.aadPrefix(AAD_PREFIX);
        }
        return keys.build();
    }

    public static ReadOptions options(FileDecryptionProperties properties) {
        return ReadOptions.builder().decryption(properties).build();
    }
}
