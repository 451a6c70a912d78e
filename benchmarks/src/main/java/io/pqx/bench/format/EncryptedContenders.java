package io.pqx.bench.format;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.crypto.ParquetCipher;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * pqx writing the suite's table with Parquet modular encryption, and reading it back with the keys,
 * in four variants: AES_GCM_V1 ({@code pqx_gcm}) and AES_GCM_CTR_V1 ({@code pqx_ctr}), each with
 * one key for the footer and every column (uniform) and with a key of its own for every column
 * ({@code _colkeys}); the footer is encrypted in all four. Keys are fixed 128-bit test keys: the
 * benchmark measures the work, not key handling. Immutable.
 *
 * @param name the contender's name, e.g. {@code pqx_gcm_colkeys}
 * @param algorithm the variant's algorithm
 * @param writer pqx's writer (settings of the suite, page CRCs on) encrypting the file
 * @param scanner pqx's reader (CRCs verified) with the variant's keys
 */
record EncryptedContenders(
        String name, ParquetCipher algorithm, TableWriter writer, TableScanner scanner) {

    /** The four variants, uniform before per-column keys, AES_GCM_V1 before AES_GCM_CTR_V1. */
    static List<EncryptedContenders> all(FormatSettings settings) {
        List<EncryptedContenders> all = new ArrayList<>();
        for (ParquetCipher algorithm : ParquetCipher.values()) {
            for (boolean columnKeys : new boolean[] {false, true}) {
                all.add(of(settings, algorithm, columnKeys));
            }
        }
        return all;
    }

    private static EncryptedContenders of(
            FormatSettings settings, ParquetCipher algorithm, boolean columnKeys) {
        String name =
                FormatContenders.PQX
                        + (algorithm == ParquetCipher.AES_GCM_V1 ? "_gcm" : "_ctr")
                        + (columnKeys ? "_colkeys" : "");
        byte[] footerKey = key(0);
        FileEncryptionProperties.Builder encryption =
                FileEncryptionProperties.builder().footerKey(footerKey).algorithm(algorithm);
        FileDecryptionProperties.Builder decryption =
                FileDecryptionProperties.builder().footerKey(footerKey);
        if (columnKeys) {
            for (int c = 0; c < LineitemTable.COLUMNS.size(); c++) {
                String column = LineitemTable.COLUMNS.get(c).name();
                encryption.columnKey(column, key(c + 1));
                decryption.columnKey(column, key(c + 1));
            }
        }
        return new EncryptedContenders(
                name,
                algorithm,
                PqxTableWriter.encrypted(name, settings, encryption.build()),
                PqxTableScanner.withDecryption(name, decryption.build()));
    }

    /** A distinct 16-byte key per index (a fixed test key, not a secret). */
    static byte[] key(int index) {
        byte[] key = new byte[16];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) (31 * index + i + 1);
        }
        return key;
    }

    /** The contender's variant, e.g. {@code gcm_colkeys}, as the measurements name it. */
    String variant() {
        return name.substring(FormatContenders.PQX.length() + 1).toLowerCase(Locale.ROOT);
    }
}
