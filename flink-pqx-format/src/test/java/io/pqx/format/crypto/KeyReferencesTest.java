package io.pqx.format.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The forms a key is given in, and messages that name the form but never the text. */
class KeyReferencesTest {
    static final byte[] KEY = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
    static final String HEX = "30313233343536373839303132333435";
    static final String BASE64 = "MDEyMzQ1Njc4OTAxMjM0NQ==";

    @TempDir Path dir;

    @Test
    void hexBase64EnvironmentAndFiles() throws Exception {
        assertThat(KeyReferences.resolve("hex:" + HEX)).isEqualTo(KEY);
        assertThat(KeyReferences.resolve("  HEX:" + HEX.toUpperCase() + "\n")).isEqualTo(KEY);
        assertThat(KeyReferences.resolve("base64:" + BASE64)).isEqualTo(KEY);
        Map<String, String> env = Map.of("K", "base64:" + BASE64);
        assertThat(KeyReferences.resolve("env:K", env::get)).isEqualTo(KEY);
        Path raw = dir.resolve("raw.key");
        Files.write(raw, KEY);
        assertThat(KeyReferences.resolve("file:" + raw)).isEqualTo(KEY);
        Path text = dir.resolve("text.key");
        Files.writeString(text, "hex:" + HEX + "\n");
        assertThat(KeyReferences.resolve("file:" + text)).isEqualTo(KEY);
    }

    @Test
    void failuresNameTheFormVariableOrFileNeverTheText() throws Exception {
        assertThatThrownBy(() -> KeyReferences.resolve("0123456789012345"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hex:..., base64:..., env:VARIABLE or file:PATH")
                .hasMessageContaining("16 characters")
                .hasMessageNotContaining("0123456789");
        assertThatThrownBy(() -> KeyReferences.resolve("hex:" + HEX + "zz"))
                .hasMessageContaining("hex text does not decode")
                .hasMessageNotContaining(HEX);
        assertThatThrownBy(() -> KeyReferences.resolve("base64:" + BASE64 + "!"))
                .hasMessageContaining("base64 text does not decode")
                .hasMessageNotContaining(BASE64);
        assertThatThrownBy(() -> KeyReferences.resolve("env:NOT_SET", name -> null))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("NOT_SET")
                .hasMessageContaining("not set");
        assertThatThrownBy(() -> KeyReferences.resolve("env:K", Map.of("K", HEX)::get))
                .hasMessageContaining("environment variable 'K'")
                .hasMessageNotContaining(HEX);
        assertThatThrownBy(() -> KeyReferences.resolve("file:" + dir.resolve("absent")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("absent");
        assertThatThrownBy(() -> KeyReferences.checkForm("env: "))
                .hasMessageContaining("names no variable");
        assertThatThrownBy(() -> KeyReferences.checkForm(HEX)).hasMessageNotContaining(HEX);
        KeyReferences.checkForm("file:/somewhere/not/read/now");
    }

    /** One syntax for column lists: ',' separates entries, ';' (the options' first form) too. */
    @Test
    void columnListsAreSeparatedByCommasOrSemicolons() {
        Map<String, String> expected = Map.of("a", "hex:00", "b.c", "env:X", "d", "base64:QQ==");
        assertThat(KeyReferences.columnKeys(" a = hex:00 , b.c=env:X,d=base64:QQ==,"))
                .isEqualTo(expected);
        assertThat(KeyReferences.columnKeys("a=hex:00,b.c=env:X;d=base64:QQ=="))
                .isEqualTo(expected);
        assertThat(KeyReferences.columnKeys("a=hex:00;b.c=env:X;d=base64:QQ==;"))
                .isEqualTo(expected);
        assertThat(KeyReferences.columnKeys("a=hex:00,b.c=env:X,d=base64:QQ==").keySet())
                .containsExactly("a", "b.c", "d");
        assertThat(KeyReferences.columnTexts("a=kms:a-v1, b.c = kms:bc"))
                .isEqualTo(Map.of("a", "kms:a-v1", "b.c", "kms:bc"));
        assertThat(KeyReferences.columnPaths(" a, b.c;d ,")).containsExactly("a", "b.c", "d");
    }

    @Test
    void aMalformedColumnListEntryIsNamedByPositionNeverByItsText() {
        assertThatThrownBy(() -> KeyReferences.columnKeys("a=env:A,secretkeytext"))
                .hasMessageContaining("entry 2")
                .hasMessageNotContaining("secretkeytext");
        assertThatThrownBy(() -> KeyReferences.columnKeys("a=env:A;b="))
                .hasMessageContaining("entry 2");
        assertThatThrownBy(() -> KeyReferences.columnKeys("=hex:3031"))
                .hasMessageContaining("entry 1")
                .hasMessageNotContaining("3031");
        assertThatThrownBy(() -> KeyReferences.columnKeys("a=hex:00,a=hex:01"))
                .hasMessageContaining("column a is given two keys");
        assertThatThrownBy(() -> KeyReferences.columnTexts("a=x;a=y"))
                .hasMessageContaining("column a is given two texts");
        assertThatThrownBy(() -> KeyReferences.columnPaths("a,b,a"))
                .hasMessageContaining("column a is named twice");
    }
}
