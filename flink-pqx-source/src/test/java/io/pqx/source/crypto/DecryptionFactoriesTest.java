package io.pqx.source.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.crypto.DecryptionKeyRetriever;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.KeyRetrievalException;
import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two factories the source carries: the copy of explicit properties and the options' key
 * references. Each makes equal properties where it is called, shows no key, and the options' form
 * carries references only.
 */
class DecryptionFactoriesTest {
    static final byte[] FOOTER = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
    static final byte[] COLUMN = "1234567890123450".getBytes(StandardCharsets.US_ASCII);

    /** A serializable retriever that knows one key id. */
    static final class Retriever implements DecryptionKeyRetriever, Serializable {
        @Override
        public byte[] retrieveKey(byte[] metadata) throws KeyRetrievalException {
            return COLUMN.clone();
        }
    }

    /** Named by class in the options. */
    public static final class RetrieverFactory implements DecryptionKeyRetrieverFactory {
        @Override
        public DecryptionKeyRetriever create() {
            return new Retriever();
        }
    }

    @Test
    void explicitPropertiesAreCopiedWithEveryColumnKey() throws Exception {
        FileDecryptionProperties given =
                FileDecryptionProperties.builder()
                        .footerKey(FOOTER)
                        .columnKey("a.list.element", COLUMN)
                        .aadPrefix("t".getBytes(StandardCharsets.UTF_8))
                        .keyRetriever(new Retriever())
                        .verifyPlaintextFooter(false)
                        .build();
        ExplicitDecryption copy = ExplicitDecryption.of(given);
        FileDecryptionProperties made = copy.create();
        assertThat(made.footerKey()).contains(FOOTER);
        assertThat(made.columnKey("a.list.element")).contains(COLUMN);
        assertThat(made.aadPrefix()).contains("t".getBytes(StandardCharsets.UTF_8));
        assertThat(made.keyRetriever()).isPresent();
        assertThat(made.verifyPlaintextFooter()).isFalse();
        assertThat(copy.toString())
                .contains("footerKey=set")
                .contains("a.list.element")
                .doesNotContain("0123456789")
                .doesNotContain("303132");
        assertThat(serialized(copy)).isNotEmpty();
    }

    @Test
    void aRetrieverThatCannotTravelIsRefusedWithTheWayOut() {
        FileDecryptionProperties lambda =
                FileDecryptionProperties.builder().keyRetriever(metadata -> COLUMN).build();
        assertThatThrownBy(() -> ExplicitDecryption.of(lambda))
                .hasMessageContaining("is not serializable")
                .hasMessageContaining("DecryptionFactory");
    }

    @Test
    void optionsCarryReferencesAndResolveThemWhenCalled() throws Exception {
        ConfiguredDecryption configured =
                new ConfiguredDecryption(
                        "hex:30313233343536373839303132333435",
                        ConfiguredDecryption.parseColumnKeys(
                                " a = base64:MTIzNDU2Nzg5MDEyMzQ1MA== ; "),
                        "tester",
                        RetrieverFactory.class.getName());
        FileDecryptionProperties made = configured.create();
        assertThat(made.footerKey()).contains(FOOTER);
        assertThat(made.columnKey("a")).contains(COLUMN);
        assertThat(made.aadPrefix()).contains("tester".getBytes(StandardCharsets.UTF_8));
        assertThat(made.keyRetriever().orElseThrow().retrieveKey(new byte[0])).isEqualTo(COLUMN);
        assertThat(configured.toString())
                .contains("footerKey=set")
                .contains("[a]")
                .doesNotContain("hex:")
                .doesNotContain("MTIz");

        ConfiguredDecryption byFile =
                new ConfiguredDecryption("file:/not/read/until/create", Map.of(), null, null);
        assertThat(new String(serialized(byFile), StandardCharsets.ISO_8859_1))
                .contains("file:/not/read/until/create");
    }

    @Test
    void malformedOptionsNameTheKeyNotItsText() {
        assertThatThrownBy(() -> new ConfiguredDecryption("3031323334", Map.of(), null, null))
                .hasMessageContaining("the footer key")
                .hasMessageNotContaining("3031323334");
        assertThatThrownBy(() -> ConfiguredDecryption.parseColumnKeys("a=hex:00;hex:3031"))
                .hasMessageContaining("entry 2")
                .hasMessageNotContaining("3031");
        assertThatThrownBy(() -> ConfiguredDecryption.parseColumnKeys("a=hex:00;a=hex:01"))
                .hasMessageContaining("column a is given two keys");
        assertThatThrownBy(
                        () ->
                                new ConfiguredDecryption(null, Map.of(), null, "no.such.Factory")
                                        .create())
                .hasMessageContaining("no.such.Factory");
    }

    private static byte[] serialized(Object o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }
}
