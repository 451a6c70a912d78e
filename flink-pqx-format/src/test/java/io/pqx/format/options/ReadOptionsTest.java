package io.pqx.format.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReadOptionsTest {

    @Test
    void defaultsAreDocumented() {
        ReadOptions options = ReadOptions.defaults();
        assertThat(options.batchSize()).isEqualTo(2048);
        assertThat(options.maxFooterBytes()).isEqualTo(64L << 20);
        assertThat(options.maxPageBytes()).isEqualTo(512 << 20);
        assertThat(options.verifyChecksums()).isTrue();
        assertThat(options.useDeclaredSchema()).isTrue();
        assertThat(options.alternatingBatches()).isFalse();
        assertThat(options.lateMaterialization()).isTrue();
    }

    @Test
    void builderSetsEveryOptionAndCopies() {
        ReadOptions options =
                ReadOptions.builder()
                        .batchSize(7)
                        .maxFooterBytes(1000)
                        .maxPageBytes(2000)
                        .verifyChecksums(false)
                        .useDeclaredSchema(false)
                        .alternatingBatches(true)
                        .lateMaterialization(false)
                        .build();
        assertThat(options).isEqualTo(new ReadOptions(7, 1000, 2000, false, false, true, false));
        assertThat(options.toBuilder().build()).isEqualTo(options);
    }

    @Test
    void rejectsNonPositiveSizesNamingTheOption() {
        assertThatThrownBy(() -> ReadOptions.builder().batchSize(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("batchSize must be positive, got 0");
        assertThatThrownBy(() -> ReadOptions.builder().maxFooterBytes(-1).build())
                .hasMessage("maxFooterBytes must be between 1 and 2147483631, got -1");
        assertThatThrownBy(() -> ReadOptions.builder().maxPageBytes(0).build())
                .hasMessage("maxPageBytes must be positive, got 0");
    }

    @Test
    void rejectsAFooterLimitNoByteArrayCanHold() {
        assertThatThrownBy(() -> ReadOptions.builder().maxFooterBytes(1L << 31).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxFooterBytes must be between 1 and 2147483631, got 2147483648");
    }
}
