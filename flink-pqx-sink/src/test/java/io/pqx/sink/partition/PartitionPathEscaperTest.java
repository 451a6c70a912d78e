package io.pqx.sink.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PartitionPathEscaperTest {
    @Test
    void escapesTheCharactersFlinksFilesystemConnectorEscapes() {
        assertThat(PartitionPathEscaper.escape("a/b")).isEqualTo("a%2Fb");
        assertThat(PartitionPathEscaper.escape("k=v")).isEqualTo("k%3Dv");
        assertThat(PartitionPathEscaper.escape("50%")).isEqualTo("50%25");
        assertThat(PartitionPathEscaper.escape("\"#'*:?\\{[]^"))
                .isEqualTo("%22%23%27%2A%3A%3F%5C%7B%5B%5D%5E");
        assertThat(PartitionPathEscaper.escape("tab\there\u007f")).isEqualTo("tab%09here%7F");
    }

    @Test
    void keepsEverythingElse() {
        assertThat(PartitionPathEscaper.escape("2024-01-02 10.30")).isEqualTo("2024-01-02 10.30");
        assertThat(PartitionPathEscaper.escape("über}|<>!&")).isEqualTo("über}|<>!&");
    }

    @Test
    void rejectsEmptyText() {
        assertThatThrownBy(() -> PartitionPathEscaper.escape("")).hasMessageContaining("empty");
    }
}
