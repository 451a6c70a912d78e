package io.pqx.format.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The AAD layout: file AAD, module type, then little-endian 16-bit ordinals as the type uses. */
class ModuleAadTest {
    private static final byte[] FILE = {'p', 'q', 9};

    @Test
    void footerIsTheFileAadAndTypeZero() {
        assertThat(ModuleAad.footer(FILE)).containsExactly('p', 'q', 9, 0);
    }

    @Test
    void dataPagesAppendRowGroupColumnAndPage() {
        assertThat(ModuleAad.of(FILE, ModuleType.DATA_PAGE_HEADER, 1, 258, 0x7FFF))
                .containsExactly('p', 'q', 9, 4, 1, 0, 2, 1, 0xFF, 0x7F);
    }

    @Test
    void otherModulesAppendRowGroupAndColumnOnly() {
        assertThat(ModuleAad.of(FILE, ModuleType.BLOOM_FILTER_BITSET, 3, 4, 99))
                .containsExactly('p', 'q', 9, 9, 3, 0, 4, 0);
        assertThat(ModuleAad.of(FILE, ModuleType.DICTIONARY_PAGE, 0, 0, 5))
                .containsExactly('p', 'q', 9, 3, 0, 0, 0, 0);
    }

    @Test
    void ordinalsFitSixteenSignedBits() {
        assertThat(ModuleAad.fits(32767)).isTrue();
        assertThat(ModuleAad.fits(32768)).isFalse();
        assertThat(ModuleAad.fits(-1)).isFalse();
    }
}
