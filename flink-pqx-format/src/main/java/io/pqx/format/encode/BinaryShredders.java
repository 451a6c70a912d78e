package io.pqx.format.encode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;

/**
 * The shredders of variable-width Flink types: CHAR/VARCHAR/STRING to BYTE_ARRAY (UTF-8) and
 * BINARY/VARBINARY/BYTES to BYTE_ARRAY, or to FIXED_LEN_BYTE_ARRAY when the schema says so (then
 * every value must have exactly that length). Built by {@link RowShredder}.
 */
final class BinaryShredders {
    private BinaryShredders() {}

    /** Strings: copies the UTF-8 bytes straight from a {@link BinaryStringData}'s segments. */
    static final class Strings extends FieldShredder {
        private final LeafBuffer buf;

        Strings(LeafBuffer buf) {
            this.buf = buf;
        }

        @Override
        public void writeField(RowData row, int pos, int r) {
            if (row.isNullAt(pos)) {
                buf.addLeafNull(r);
            } else {
                add(row.getString(pos), r);
            }
        }

        @Override
        public void writeElement(ArrayData array, int index, int r) {
            if (array.isNullAt(index)) {
                buf.addLeafNull(r);
            } else {
                add(array.getString(index), r);
            }
        }

        private void add(StringData s, int r) {
            if (s instanceof BinaryStringData b) {
                // Materializes a String-backed value once; a row-backed one is copied in place.
                b.ensureMaterialized();
                buf.addBinary(b.getSegments(), b.getOffset(), b.getSizeInBytes(), r);
            } else {
                byte[] bytes = s.toBytes();
                buf.addBinary(bytes, 0, bytes.length, r);
            }
        }

        @Override
        public void writeNull(int r, int d) {
            buf.addNull(r, d);
        }
    }

    /** Byte strings, optionally of a fixed length ({@code fixedLength >= 0}). */
    static final class Binaries extends FieldShredder {
        private final LeafBuffer buf;
        private final int fixedLength;

        Binaries(LeafBuffer buf, int fixedLength) {
            this.buf = buf;
            this.fixedLength = fixedLength;
        }

        @Override
        public void writeField(RowData row, int pos, int r) {
            if (row.isNullAt(pos)) {
                buf.addLeafNull(r);
            } else {
                add(row.getBinary(pos), r);
            }
        }

        @Override
        public void writeElement(ArrayData array, int index, int r) {
            if (array.isNullAt(index)) {
                buf.addLeafNull(r);
            } else {
                add(array.getBinary(index), r);
            }
        }

        private void add(byte[] bytes, int r) {
            if (fixedLength >= 0 && bytes.length != fixedLength) {
                throw new ValueRejectedException(
                        buf.path,
                        "is FIXED_LEN_BYTE_ARRAY("
                                + fixedLength
                                + ") but the value has "
                                + bytes.length
                                + " bytes");
            }
            buf.addBinary(bytes, 0, bytes.length, r);
        }

        @Override
        public void writeNull(int r, int d) {
            buf.addNull(r, d);
        }
    }
}
