package io.pqx.format.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.WriteOptions;
import java.math.BigInteger;
import java.util.Map;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

class FlinkToParquetSchemaTest {

    private static RowType row(Object... namesAndTypes) {
        String[] names = new String[namesAndTypes.length / 2];
        LogicalType[] types = new LogicalType[namesAndTypes.length / 2];
        for (int i = 0; i < names.length; i++) {
            names[i] = (String) namesAndTypes[2 * i];
            types[i] = (LogicalType) namesAndTypes[2 * i + 1];
        }
        return RowType.of(false, types, names);
    }

    private static void assertConverts(RowType rowType, String expected) {
        MessageType actual = FlinkToParquetSchema.toParquet(rowType);
        assertThat(actual).isEqualTo(MessageTypeParser.parseMessageType(expected));
        // equals ignores nothing that matters, but compare the text too so a diff is readable
        assertThat(actual.toString())
                .isEqualTo(MessageTypeParser.parseMessageType(expected).toString());
    }

    @Test
    void convertsAtomicTypesWithNullability() {
        RowType rowType =
                row(
                        "b", DataTypes.BOOLEAN().getLogicalType(),
                        "t", DataTypes.TINYINT().notNull().getLogicalType(),
                        "s", DataTypes.SMALLINT().getLogicalType(),
                        "i", DataTypes.INT().notNull().getLogicalType(),
                        "l", DataTypes.BIGINT().getLogicalType(),
                        "f", DataTypes.FLOAT().getLogicalType(),
                        "d", DataTypes.DOUBLE().notNull().getLogicalType(),
                        "c", DataTypes.CHAR(3).getLogicalType(),
                        "v", DataTypes.VARCHAR(10).getLogicalType(),
                        "str", DataTypes.STRING().notNull().getLogicalType(),
                        "bin", DataTypes.BINARY(4).getLogicalType(),
                        "vb", DataTypes.VARBINARY(8).getLogicalType(),
                        "by", DataTypes.BYTES().getLogicalType(),
                        "dt", DataTypes.DATE().getLogicalType(),
                        "tm", DataTypes.TIME(0).getLogicalType(),
                        "tm9", DataTypes.TIME(9).notNull().getLogicalType());
        assertConverts(
                rowType,
                "message flink_schema {\n"
                        + "  optional boolean b;\n"
                        + "  required int32 t (INTEGER(8,true));\n"
                        + "  optional int32 s (INTEGER(16,true));\n"
                        + "  required int32 i;\n"
                        + "  optional int64 l;\n"
                        + "  optional float f;\n"
                        + "  required double d;\n"
                        + "  optional binary c (STRING);\n"
                        + "  optional binary v (STRING);\n"
                        + "  required binary str (STRING);\n"
                        + "  optional binary bin;\n"
                        + "  optional binary vb;\n"
                        + "  optional binary by;\n"
                        + "  optional int32 dt (DATE);\n"
                        + "  optional int32 tm (TIME(MILLIS,false));\n"
                        + "  required int32 tm9 (TIME(MILLIS,false));\n"
                        + "}");
    }

    @Test
    void choosesDecimalPhysicalTypeByPrecision() {
        RowType rowType =
                row(
                        "d1", DataTypes.DECIMAL(1, 0).getLogicalType(),
                        "d9", DataTypes.DECIMAL(9, 2).getLogicalType(),
                        "d10", DataTypes.DECIMAL(10, 2).notNull().getLogicalType(),
                        "d18", DataTypes.DECIMAL(18, 18).getLogicalType(),
                        "d19", DataTypes.DECIMAL(19, 0).getLogicalType(),
                        "d20", DataTypes.DECIMAL(20, 5).getLogicalType(),
                        "d38", DataTypes.DECIMAL(38, 10).getLogicalType());
        assertConverts(
                rowType,
                "message flink_schema {\n"
                        + "  optional int32 d1 (DECIMAL(1,0));\n"
                        + "  optional int32 d9 (DECIMAL(9,2));\n"
                        + "  required int64 d10 (DECIMAL(10,2));\n"
                        + "  optional int64 d18 (DECIMAL(18,18));\n"
                        + "  optional fixed_len_byte_array(9) d19 (DECIMAL(19,0));\n"
                        + "  optional fixed_len_byte_array(9) d20 (DECIMAL(20,5));\n"
                        + "  optional fixed_len_byte_array(16) d38 (DECIMAL(38,10));\n"
                        + "}");
    }

    @Test
    void decimalBytesIsTheFewestHoldingEveryValueOfThePrecision() {
        // floor(log10(2^(8n-1) - 1)) digits fit in n bytes (LogicalTypes.md, DECIMAL)
        for (int precision = 1; precision <= 38; precision++) {
            int n = FlinkToParquetSchema.decimalBytes(precision);
            assertThat(maxDigits(n))
                    .as("precision %d in %d bytes", precision, n)
                    .isGreaterThanOrEqualTo(precision);
            assertThat(maxDigits(n - 1)).isLessThan(precision);
        }
        assertThat(FlinkToParquetSchema.decimalBytes(19)).isEqualTo(9);
        assertThat(FlinkToParquetSchema.decimalBytes(38)).isEqualTo(16);
    }

    private static int maxDigits(int bytes) {
        if (bytes <= 0) {
            return 0;
        }
        BigInteger max = BigInteger.ONE.shiftLeft(8 * bytes - 1).subtract(BigInteger.ONE);
        return max.toString().length() - 1; // floor(log10(max))
    }

    @Test
    void choosesTimestampUnitByPrecisionAndUtcByKind() {
        RowType rowType =
                row(
                        "t0", DataTypes.TIMESTAMP(0).getLogicalType(),
                        "t3", DataTypes.TIMESTAMP(3).notNull().getLogicalType(),
                        "t4", DataTypes.TIMESTAMP(4).getLogicalType(),
                        "t6", DataTypes.TIMESTAMP(6).getLogicalType(),
                        "t7", DataTypes.TIMESTAMP(7).getLogicalType(),
                        "t9", DataTypes.TIMESTAMP(9).getLogicalType(),
                        "z3", DataTypes.TIMESTAMP_LTZ(3).getLogicalType(),
                        "z6", DataTypes.TIMESTAMP_LTZ(6).notNull().getLogicalType(),
                        "z9", DataTypes.TIMESTAMP_LTZ(9).getLogicalType());
        assertConverts(
                rowType,
                "message flink_schema {\n"
                        + "  optional int64 t0 (TIMESTAMP(MILLIS,false));\n"
                        + "  required int64 t3 (TIMESTAMP(MILLIS,false));\n"
                        + "  optional int64 t4 (TIMESTAMP(MICROS,false));\n"
                        + "  optional int64 t6 (TIMESTAMP(MICROS,false));\n"
                        + "  optional int64 t7 (TIMESTAMP(NANOS,false));\n"
                        + "  optional int64 t9 (TIMESTAMP(NANOS,false));\n"
                        + "  optional int64 z3 (TIMESTAMP(MILLIS,true));\n"
                        + "  required int64 z6 (TIMESTAMP(MICROS,true));\n"
                        + "  optional int64 z9 (TIMESTAMP(NANOS,true));\n"
                        + "}");
    }

    @Test
    void writesStandardThreeLevelListsAndMaps() {
        RowType rowType =
                row(
                        "tags", DataTypes.ARRAY(DataTypes.STRING()).getLogicalType(),
                        "ids",
                                DataTypes.ARRAY(DataTypes.INT().notNull())
                                        .notNull()
                                        .getLogicalType(),
                        "m", DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT()).getLogicalType(),
                        "mr",
                                DataTypes.MAP(
                                                DataTypes.INT().notNull(),
                                                DataTypes.DOUBLE().notNull())
                                        .notNull()
                                        .getLogicalType(),
                        "bag", DataTypes.MULTISET(DataTypes.STRING()).getLogicalType());
        assertConverts(
                rowType,
                "message flink_schema {\n"
                        + "  optional group tags (LIST) {\n"
                        + "    repeated group list { optional binary element (STRING); }\n"
                        + "  }\n"
                        + "  required group ids (LIST) {\n"
                        + "    repeated group list { required int32 element; }\n"
                        + "  }\n"
                        + "  optional group m (MAP) {\n"
                        + "    repeated group key_value {\n"
                        + "      required binary key (STRING);\n"
                        + "      optional int64 value;\n"
                        + "    }\n"
                        + "  }\n"
                        + "  required group mr (MAP) {\n"
                        + "    repeated group key_value { required int32 key; required double value;"
                        + " }\n"
                        + "  }\n"
                        + "  optional group bag (MAP) {\n"
                        + "    repeated group key_value {\n"
                        + "      required binary key (STRING);\n"
                        + "      required int32 value;\n"
                        + "    }\n"
                        + "  }\n"
                        + "}");
    }

    @Test
    void nestsRowsListsAndMapsToAnyDepth() {
        RowType rowType =
                (RowType)
                        TestingSchemas.sql(
                                "ROW<r ROW<a INT NOT NULL,"
                                        + " l ARRAY<ROW<m MAP<ROW<k STRING>, ARRAY<DATE>>>>>>");
        assertConverts(
                rowType,
                "message flink_schema {\n"
                        + "  optional group r {\n"
                        + "    required int32 a;\n"
                        + "    optional group l (LIST) {\n"
                        + "      repeated group list {\n"
                        + "        optional group element {\n"
                        + "          optional group m (MAP) {\n"
                        + "            repeated group key_value {\n"
                        + "              required group key { optional binary k (STRING); }\n"
                        + "              optional group value (LIST) {\n"
                        + "                repeated group list { optional int32 element (DATE); }\n"
                        + "              }\n"
                        + "            }\n"
                        + "          }\n"
                        + "        }\n"
                        + "      }\n"
                        + "    }\n"
                        + "  }\n"
                        + "}");
    }

    @Test
    void rejectsUnsupportedTypesNamingTheFieldPath() {
        RowType interval = row("iv", DataTypes.INTERVAL(DataTypes.DAY()).getLogicalType());
        assertThatThrownBy(() -> FlinkToParquetSchema.toParquet(interval))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot convert field iv to Parquet: Flink type INTERVAL DAY(2) is not"
                                + " supported");

        RowType nested =
                row(
                        "r",
                        DataTypes.ROW(
                                        DataTypes.FIELD(
                                                "m",
                                                DataTypes.MAP(
                                                        DataTypes.INT(),
                                                        DataTypes.ARRAY(DataTypes.NULL()))))
                                .getLogicalType());
        assertThatThrownBy(() -> FlinkToParquetSchema.toParquet(nested))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot convert field r.m.key_value.value.list.element to Parquet:"
                                + " Flink type NULL is not supported");

        RowType tz = row("z", DataTypes.TIMESTAMP_WITH_TIME_ZONE(3).getLogicalType());
        assertThatThrownBy(() -> FlinkToParquetSchema.toParquet(tz))
                .hasMessage(
                        "Cannot convert field z to Parquet: Flink type TIMESTAMP(3) WITH TIME ZONE"
                                + " is not supported");
    }

    @Test
    void rejectsRowWithoutFields() {
        RowType empty = row("e", RowType.of());
        assertThatThrownBy(() -> FlinkToParquetSchema.toParquet(empty))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Cannot convert field e to Parquet: a ROW needs at least one field");
    }

    @Test
    void namesTheMessageFlinkSchema() {
        assertThat(
                        FlinkToParquetSchema.toParquet(row("a", DataTypes.INT().getLogicalType()))
                                .getName())
                .isEqualTo("flink_schema");
        assertThat(WriteOptions.FLINK_SCHEMA_KEY).isEqualTo("pqx.flink.schema");
    }

    @Test
    void recordsAndParsesTheDeclaredType() {
        RowType rowType =
                (RowType)
                        TestingSchemas.sql(
                                "ROW<a CHAR(3) NOT NULL, `b c` MULTISET<TIMESTAMP_LTZ(2)>,"
                                        + " d MAP<INT, ROW<e TIME(0)>>>");
        String text = FlinkToParquetSchema.declaredTypeText(rowType);
        assertThat(FlinkToParquetSchema.declaredType(Map.of(WriteOptions.FLINK_SCHEMA_KEY, text)))
                .isEqualTo(rowType);
    }

    @Test
    void ignoresAnAbsentOrUnparseableDeclaredType() {
        assertThat(FlinkToParquetSchema.declaredType(Map.of())).isNull();
        assertThat(FlinkToParquetSchema.declaredType(Map.of("pqx.flink.schema", "ROW<a NOPE>")))
                .isNull();
        assertThat(FlinkToParquetSchema.declaredType(Map.of("pqx.flink.schema", "INT"))).isNull();
        assertThat(FlinkToParquetSchema.declaredType(Map.of("pqx.flink.schema", "ROW<a INT")))
                .isNull();
    }
}
