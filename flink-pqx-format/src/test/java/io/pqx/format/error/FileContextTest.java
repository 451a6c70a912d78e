package io.pqx.format.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FileContextTest {

    @Test
    void suffixNamesFileRowGroupAndColumn() {
        FileContext ctx = FileContext.of("/tmp/a.parquet").rowGroup(2).column("a.b");
        assertThat(ctx.corrupt("Cannot read page", "header is truncated").getMessage())
                .isEqualTo(
                        "Cannot read page: header is truncated (/tmp/a.parquet, row group 2, column a.b)");
    }

    @Test
    void suffixLeavesOutUnknownParts() {
        assertThat(FileContext.of("f").suffix()).isEqualTo("(f)");
    }
}
