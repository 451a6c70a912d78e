package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.KeyRetrievalException;
import io.pqx.format.error.MissingKeyException;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.TestingCommitRequest;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.committer.PqxCommitter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layouts only the options {@code sink.encryption.column-key-metadata} and {@code
 * sink.encryption.footer-key-columns} express, written by a sink built from options and read back
 * by pqx: a column key's metadata is stored and hands a reader's key retriever the key; a column
 * named as encrypted with the footer key needs the footer key, while the columns named nowhere stay
 * plaintext.
 */
class EncryptionOptionsLayoutTest {
    private static final byte[] FOOTER_KEY = "opts-footer-key!".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SSN_KEY = "opts-ssn-key-16b".getBytes(StandardCharsets.US_ASCII);
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "name", "ssn"});

    @TempDir Path dir;

    /** Writes two rows with the layout's options and commits the file. */
    private Path writeWithOptions() throws Exception {
        PqxSink sink =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(TYPE)
                        .set(PqxSinkOptions.ENCODING_THREADS, 1)
                        .set(PqxSinkOptions.ROLL_ON_CHECKPOINT, true)
                        .setAll(
                                Map.of(
                                        PqxSinkOptions.ENCRYPTION_FOOTER_KEY.key(),
                                        "hex:" + HexFormat.of().formatHex(FOOTER_KEY),
                                        PqxSinkOptions.ENCRYPTION_COLUMN_KEYS.key(),
                                        "ssn=base64:" + Base64.getEncoder().encodeToString(SSN_KEY),
                                        PqxSinkOptions.ENCRYPTION_COLUMN_KEY_METADATA.key(),
                                        " ssn = kms:ssn-v1 ",
                                        PqxSinkOptions.ENCRYPTION_FOOTER_KEY_COLUMNS.key(),
                                        "name",
                                        PqxSinkOptions.ENCRYPTION_PLAINTEXT_FOOTER.key(),
                                        "true"))
                        .build();
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(new TestingWriterContext())) {
            writer.write(row(1, "ann-secret-name", "111-11-1111"), null);
            writer.write(row(2, "bob-secret-name", "222-22-2222"), null);
            writer.flush(true);
            commit(writer.prepareCommit());
        }
        List<Path> committed = TestingSinkFiles.committed(dir);
        assertThat(committed).hasSize(1);
        return committed.get(0);
    }

    private static RowData row(long id, String name, String ssn) {
        return GenericRowData.of(id, StringData.fromString(name), StringData.fromString(ssn));
    }

    private void commit(Collection<PqxCommittable> committables) throws Exception {
        FileSystem fs = FileSystem.getLocalFileSystem();
        PqxCommitter committer =
                new PqxCommitter(
                        new org.apache.flink.core.fs.Path(dir.toUri()),
                        fs,
                        fs.createRecoverableWriter());
        List<TestingCommitRequest> requests = new ArrayList<>();
        for (PqxCommittable c : committables) {
            requests.add(new TestingCommitRequest(c));
        }
        committer.commit(new ArrayList<>(requests));
        assertThat(requests).allSatisfy(r -> assertThat(r.outcome).isEqualTo("committed"));
    }

    /** The values of {@code columns}, each row as its fields' text joined by '|'. */
    private static List<String> read(Path file, FileDecryptionProperties keys, String... columns)
            throws Exception {
        List<String> rows = new ArrayList<>();
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.builder().decryption(keys).build())) {
            ReadSchema projection = reader.project(List.of(columns));
            try (CloseableIterator<RowData> it = reader.rows(projection)) {
                while (it.hasNext()) {
                    RowData r = it.next();
                    List<String> fields = new ArrayList<>();
                    for (int i = 0; i < columns.length; i++) {
                        fields.add(
                                columns[i].equals("id")
                                        ? Long.toString(r.getLong(i))
                                        : r.getString(i).toString());
                    }
                    rows.add(String.join("|", fields));
                }
            }
        }
        return rows;
    }

    @Test
    void aColumnKeysMetadataIsStoredAndFindsTheKeyThroughARetriever() throws Exception {
        Path file = writeWithOptions();
        List<String> asked = new CopyOnWriteArrayList<>();
        FileDecryptionProperties byRetriever =
                FileDecryptionProperties.builder()
                        .footerKey(FOOTER_KEY)
                        .keyRetriever(
                                metadata -> {
                                    String text = new String(metadata, StandardCharsets.UTF_8);
                                    asked.add(text);
                                    if (text.equals("kms:ssn-v1")) {
                                        return SSN_KEY.clone();
                                    }
                                    throw new KeyRetrievalException("no key for " + text);
                                })
                        .build();
        assertThat(read(file, byRetriever, "id", "name", "ssn"))
                .containsExactly("1|ann-secret-name|111-11-1111", "2|bob-secret-name|222-22-2222");
        assertThat(asked).contains("kms:ssn-v1");
        // the metadata is not secret (readers without keys see it); the values are encrypted
        String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        assertThat(bytes).contains("kms:ssn-v1").doesNotContain("111-11-1111", "ann-secret-name");
    }

    @Test
    void aColumnNamedForTheFooterKeyNeedsItAndTheColumnsNamedNowhereStayPlaintext()
            throws Exception {
        Path file = writeWithOptions();
        FileDecryptionProperties footerOnly =
                FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build();
        assertThat(read(file, footerOnly, "id", "name"))
                .containsExactly("1|ann-secret-name", "2|bob-secret-name");
        assertThatThrownBy(() -> read(file, footerOnly, "ssn"))
                .hasStackTraceContaining(MissingKeyException.class.getName())
                .hasStackTraceContaining("the key of column ssn");
        // the plaintext footer opens without keys: id is plaintext, name is encrypted
        FileDecryptionProperties none = FileDecryptionProperties.builder().build();
        assertThat(read(file, none, "id")).containsExactly("1", "2");
        assertThatThrownBy(() -> read(file, none, "name"))
                .hasStackTraceContaining(MissingKeyException.class.getName())
                .hasStackTraceContaining("the footer key was not given")
                .hasStackTraceContaining("column name)");
    }
}
