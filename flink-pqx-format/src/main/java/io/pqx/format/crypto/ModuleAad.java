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
        byte[] aad = new byte[length(fileAad, type)];
        write(fileAad, type, rowGroup, column, page, aad);
        return aad;
    }

    /** The length of the AAD of a module of this type (not the footer's). */
    static int length(byte[] fileAad, ModuleType type) {
        return fileAad.length + 1 + 4 + (type.hasPageOrdinal() ? 2 : 0);
    }

    /**
     * Writes the AAD {@link #of} gives into {@code dest} from 0 (which has room for {@link
     * #length}), so a writer sealing many modules builds each AAD in one reused array; returns its
     * length.
     */
    static int write(
            byte[] fileAad, ModuleType type, int rowGroup, int column, int page, byte[] dest) {
        System.arraycopy(fileAad, 0, dest, 0, fileAad.length);
        int at = fileAad.length;
        dest[at++] = type.id();
        at = putShort(dest, at, rowGroup);
        at = putShort(dest, at, column);
        if (type.hasPageOrdinal()) {
            at = putShort(dest, at, page);
        }
        return at;
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
