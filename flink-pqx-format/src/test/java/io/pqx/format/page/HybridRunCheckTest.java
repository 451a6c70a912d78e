package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import org.junit.jupiter.api.Test;

/** {@link HybridRunCheck}: runs decoded, bounded and counted as parquet-column reads them. */
class HybridRunCheckTest {
    private static final FileContext CTX = FileContext.of("h.parquet").rowGroup(0).column("c");
    private static final String WHAT = "Cannot decode page 0";

    private final HybridRunCheck runs = new HybridRunCheck(CTX);

    @Test
    void countsTheValuesEqualToTheOneAskedForAcrossRleAndBitPackedRuns() throws Exception {
        // an RLE run of five 1s, then one bit-packed group of eight 1-bit values 1,0,1,0,1,0,1,0
        byte[] section = {(byte) (5 << 1), 1, (byte) ((1 << 1) | 1), (byte) 0b0101_0101};
        assertThat(runs.hybrid(section, 0, section.length, 1, 13, 1, "levels", WHAT, 1))
                .isEqualTo(5 + 4);
        assertThat(runs.hybrid(section, 0, section.length, 1, 13, 1, "levels", WHAT, 0))
                .isEqualTo(4);
    }

    @Test
    void readsTheMissingBytesOfALastBitPackedRunAsZeros() throws Exception {
        // a bit-packed run of two groups (16 values) whose second group is missing
        byte[] section = {(byte) ((2 << 1) | 1), (byte) 0xFF};
        assertThat(runs.hybrid(section, 0, section.length, 1, 16, 1, "levels", WHAT, 0))
                .isEqualTo(8);
    }

    @Test
    void lengthPrefixedGivesTheSectionsEndAndCount() throws Exception {
        byte[] page = {2, 0, 0, 0, (byte) (3 << 1), 1, 99};
        assertThat(runs.lengthPrefixed(page, 0, page.length, 1, 3, 1, "levels", WHAT, 1))
                .isEqualTo(6);
        assertThat(runs.lastCount()).isEqualTo(3);
    }

    @Test
    void refusesARunOfNoValuesAValueAboveTheMaximumAndASectionEndingEarly() {
        byte[] empty = {0, 1};
        assertThatThrownBy(() -> runs.hybrid(empty, 0, 2, 1, 1, 1, "levels", WHAT, -1))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("levels: a run of no values at byte 0");
        byte[] high = {(byte) (1 << 1), 3};
        assertThatThrownBy(() -> runs.hybrid(high, 0, 2, 2, 1, 2, "levels", WHAT, -1))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("levels: level 3 exceeds the column's maximum 2");
        assertThatThrownBy(
                        () -> runs.hybrid(high, 0, 2, 2, 1, 2, DictionaryIdCheck.SECTION, WHAT, -1))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("dictionary id 3 is outside the dictionary of 3 values");
        byte[] short1 = {(byte) (1 << 1), 1};
        assertThatThrownBy(() -> runs.hybrid(short1, 0, 2, 1, 2, 1, "levels", WHAT, -1))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("levels end after 1 of 2 values");
    }
}
