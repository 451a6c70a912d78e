package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Refuses a data page whose values encoding cannot hold the column's physical type (RLE only
 * booleans, DELTA_BINARY_PACKED only INT32 and INT64, and so on), or is no values encoding at all.
 * PLAIN and the dictionary encodings pass here for every type; {@link DictionaryIdCheck} refuses
 * dictionary-encoded booleans in its own words. Stateless; allocates nothing.
 */
final class EncodingTypeCheck {
    private EncodingTypeCheck() {}

    static void check(FileContext ctx, Encoding encoding, PrimitiveTypeName physical, String what)
            throws CorruptFileException {
        if (!canEncode(encoding, physical)) {
            throw ctx.corrupt(
                    what, "encoding " + encoding + " cannot encode " + physical + " values");
        }
    }

    private static boolean canEncode(Encoding encoding, PrimitiveTypeName physical) {
        return switch (encoding) {
            case PLAIN, PLAIN_DICTIONARY, RLE_DICTIONARY -> true;
            case RLE -> physical == PrimitiveTypeName.BOOLEAN;
            case DELTA_BINARY_PACKED ->
                    physical == PrimitiveTypeName.INT32 || physical == PrimitiveTypeName.INT64;
            case DELTA_LENGTH_BYTE_ARRAY -> physical == PrimitiveTypeName.BINARY;
            case DELTA_BYTE_ARRAY ->
                    physical == PrimitiveTypeName.BINARY
                            || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
            case BYTE_STREAM_SPLIT ->
                    physical == PrimitiveTypeName.FLOAT
                            || physical == PrimitiveTypeName.DOUBLE
                            || physical == PrimitiveTypeName.INT32
                            || physical == PrimitiveTypeName.INT64
                            || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
            default -> false;
        };
    }
}
