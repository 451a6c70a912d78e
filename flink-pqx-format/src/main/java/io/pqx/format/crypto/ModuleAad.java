package io.pqx.format.crypto;

/**
 * The additional authenticated data of a module: the file's AAD (prefix and file-unique part), the
 * module type byte, then the row group, column and page ordinals each as a little-endian 16-bit
 * value, as far as the module type uses them. Binding a module to these makes a module moved to
 * another file, row group, column or page fail to authenticate. Stateless.
 */
final class ModuleAad {
    private ModuleAad() {}

    static byte[] footer(byte[] fileAad) {
        byte[] aad = new byte[fileAad.length + 1];
        System.arraycopy(fileAad, 0, aad, 0, fileAad.length);
        aad[fileAad.length] = ModuleType.FOOTER.id();
        return aad;
    }

    /**
     * @param page the page ordinal, used only by data pages and their headers
     */
    static byte[] of(byte[] fileAad, ModuleType type, int rowGroup, int column, int page) {
        int length = fileAad.length + 1 + 4 + (type.hasPageOrdinal() ? 2 : 0);
        byte[] aad = new byte[length];
        System.arraycopy(fileAad, 0, aad, 0, fileAad.length);
        int at = fileAad.length;
        aad[at++] = type.id();
        at = putShort(aad, at, rowGroup);
        at = putShort(aad, at, column);
        if (type.hasPageOrdinal()) {
            putShort(aad, at, page);
        }
        return aad;
    }

    /** Whether an ordinal fits the AAD's 16 bits (the format caps ordinals at 32767). */
    static boolean fits(int ordinal) {
        return ordinal >= 0 && ordinal <= Short.MAX_VALUE;
    }

    private static int putShort(byte[] aad, int at, int value) {
        aad[at] = (byte) value;
        aad[at + 1] = (byte) (value >>> 8);
        return at + 2;
    }
}
