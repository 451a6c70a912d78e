package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.util.EnumSet;
import java.util.Set;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/** {@link EncodingTypeCheck}: which values encodings may hold which physical types. */
class EncodingTypeCheckTest {
    private static final FileContext CTX = FileContext.of("e.parquet").rowGroup(0).column("c");

    private static Set<PrimitiveTypeName> allowed(Encoding encoding) {
        return switch (encoding) {
            case PLAIN, PLAIN_DICTIONARY, RLE_DICTIONARY -> EnumSet.allOf(PrimitiveTypeName.class);
            case RLE -> EnumSet.of(PrimitiveTypeName.BOOLEAN);
            case DELTA_BINARY_PACKED ->
                    EnumSet.of(PrimitiveTypeName.INT32, PrimitiveTypeName.INT64);
            case DELTA_LENGTH_BYTE_ARRAY -> EnumSet.of(PrimitiveTypeName.BINARY);
            case DELTA_BYTE_ARRAY ->
                    EnumSet.of(PrimitiveTypeName.BINARY, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY);
            case BYTE_STREAM_SPLIT ->
                    EnumSet.of(
                            PrimitiveTypeName.FLOAT,
                            PrimitiveTypeName.DOUBLE,
                            PrimitiveTypeName.INT32,
                            PrimitiveTypeName.INT64,
                            PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY);
            default -> EnumSet.noneOf(PrimitiveTypeName.class);
        };
    }

    @Test
    void passesExactlyTheTypesEachEncodingCanHold() {
        for (Encoding encoding : Encoding.values()) {
            for (PrimitiveTypeName type : PrimitiveTypeName.values()) {
                if (allowed(encoding).contains(type)) {
                    assertThatCode(() -> EncodingTypeCheck.check(CTX, encoding, type, "Cannot"))
                            .as("%s %s", encoding, type)
                            .doesNotThrowAnyException();
                } else {
                    assertThatThrownBy(() -> EncodingTypeCheck.check(CTX, encoding, type, "Cannot"))
                            .as("%s %s", encoding, type)
                            .isInstanceOf(CorruptFileException.class)
                            .hasMessage(
                                    "Cannot: encoding "
                                            + encoding
                                            + " cannot encode "
                                            + type
                                            + " values (e.parquet, row group 0, column c)");
                }
            }
        }
    }
}
