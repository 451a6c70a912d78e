package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class ColumnConversionTest {
    private static final FileContext AT = FileContext.of("file:/t.parquet").column("c");

    private static ColumnConversion of(LogicalType stored, LogicalType requested)
            throws UnsupportedFileException {
        return ColumnConversion.of(stored, requested, AT);
    }

    @Test
    void widensIntegersFloatsAndDecimalsThatHoldEveryValue() throws Exception {
        assertThat(of(new IntType(), new BigIntType(false))).isEqualTo(ColumnConversion.TO_LONG);
        assertThat(of(new SmallIntType(), new BigIntType())).isEqualTo(ColumnConversion.TO_LONG);
        assertThat(of(new TinyIntType(), new IntType())).isEqualTo(ColumnConversion.TO_INT);
        assertThat(of(new TinyIntType(), new SmallIntType()))
                .isEqualTo(ColumnConversion.BYTE_TO_SHORT);
        assertThat(of(new FloatType(), new DoubleType()))
                .isEqualTo(ColumnConversion.FLOAT_TO_DOUBLE);
        assertThat(of(new DecimalType(9, 2), new DecimalType(18, 2)))
                .isEqualTo(ColumnConversion.DECIMAL_WIDEN);
        assertThat(of(new DecimalType(9, 2), new DecimalType(12, 5)))
                .isEqualTo(ColumnConversion.DECIMAL_WIDEN);
        assertThat(of(new IntType(false), new IntType())).isEqualTo(ColumnConversion.AS_STORED);
        assertThat(of(new IntType(), new IntType(false))).isEqualTo(ColumnConversion.AS_STORED);
        assertThat(of(new VarCharType(10), new CharType(3))).isEqualTo(ColumnConversion.AS_STORED);
        assertThat(of(new TimestampType(3), new TimestampType(6)))
                .isEqualTo(ColumnConversion.AS_STORED);
        assertThat(of(RowType.of(new IntType(false)), RowType.of(new IntType())))
                .isEqualTo(ColumnConversion.AS_STORED);
    }

    @Test
    void refusesNarrowingAndForeignTypesNamingFileColumnAndTypes() {
        assertThatThrownBy(() -> of(new BigIntType(), new IntType()))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot read column as INT: the file stores it as BIGINT, which does not widen"
                                + " to it (file:/t.parquet, column c)");
        assertThatThrownBy(() -> of(new DecimalType(9, 2), new DecimalType(9, 3)))
                .hasMessageContaining("DECIMAL(9, 2)");
        assertThatThrownBy(() -> of(new DecimalType(9, 2), new DecimalType(18, 1)))
                .hasMessageContaining("DECIMAL(18, 1)");
        assertThatThrownBy(() -> of(new DoubleType(), new FloatType()))
                .hasMessageContaining("column c");
        assertThatThrownBy(() -> of(new IntType(), new DoubleType()))
                .hasMessageContaining("column c");
        assertThatThrownBy(() -> of(new TimestampType(6), new TimestampType(3)))
                .hasMessageContaining("TIMESTAMP(6)");
        assertThatThrownBy(() -> of(RowType.of(new IntType()), RowType.of(new BigIntType())))
                .hasMessageContaining("column c");
    }
}
