package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.flink.types.variant.Variant;
import org.junit.jupiter.api.Test;

/** Shredding single Variant values into the rows of a shredded layout, case by case of the spec. */
class VariantRowsTest {

    private static BinaryVariant json(String json) {
        try {
            return BinaryVariantInternalBuilder.parseJson(json, false);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static GenericRowData shred(DataType type, Variant v) {
        BinaryVariant b = (BinaryVariant) v;
        return VariantRows.of(type.getLogicalType()).toRow(b.getMetadata(), b.getValue(), "v");
    }

    /** The residual/unshredded bytes as parquet-variant reads them, rendered as JSON-ish text. */
    private static org.apache.parquet.variant.Variant parquet(byte[] value, byte[] metadata) {
        return new org.apache.parquet.variant.Variant(
                ByteBuffer.wrap(value), ByteBuffer.wrap(metadata));
    }

    @Test
    void aPrimitiveOfTheTypeGoesToTypedValueAndAnythingElseWholeToValue() {
        GenericRowData row = shred(DataTypes.BIGINT(), json("42"));
        assertThat(row.getField(1)).isNull();
        assertThat(row.getField(2)).isEqualTo(42L);

        BinaryVariant text = json("\"n/a\"");
        row = shred(DataTypes.BIGINT(), text);
        assertThat((byte[]) row.getField(1)).isEqualTo(text.getValue());
        assertThat(row.getField(2)).isNull();

        // a Variant null is a present value: the one-byte Variant null in value
        row = shred(DataTypes.BIGINT(), json("null"));
        assertThat((byte[]) row.getField(1)).containsExactly(0);
        assertThat(row.getField(2)).isNull();
    }

    @Test
    void everyPrimitiveTypeMatchesItsVariantType() {
        Variant.newBuilder();
        var b = Variant.newBuilder();
        assertThat(shred(DataTypes.BOOLEAN(), b.of(true)).getField(2)).isEqualTo(true);
        assertThat(shred(DataTypes.TINYINT(), b.of((byte) -3)).getField(2)).isEqualTo((byte) -3);
        assertThat(shred(DataTypes.SMALLINT(), b.of((short) 300)).getField(2))
                .isEqualTo((short) 300);
        assertThat(shred(DataTypes.INT(), b.of(70000)).getField(2)).isEqualTo(70000);
        assertThat(shred(DataTypes.BIGINT(), b.of(1L << 40)).getField(2)).isEqualTo(1L << 40);
        assertThat(shred(DataTypes.FLOAT(), b.of(1.5f)).getField(2)).isEqualTo(1.5f);
        assertThat(shred(DataTypes.DOUBLE(), b.of(2.5d)).getField(2)).isEqualTo(2.5d);
        assertThat(shred(DataTypes.DECIMAL(10, 2), b.of(new BigDecimal("12.34"))).getField(2))
                .isEqualTo(DecimalData.fromBigDecimal(new BigDecimal("12.34"), 10, 2));
        assertThat(shred(DataTypes.STRING(), b.of("héllo")).getField(2))
                .isEqualTo(StringData.fromString("héllo"));
        assertThat((byte[]) shred(DataTypes.BYTES(), b.of(new byte[] {1, 2})).getField(2))
                .containsExactly(1, 2);
        assertThat(shred(DataTypes.DATE(), b.of(LocalDate.of(2024, 10, 24))).getField(2))
                .isEqualTo((int) LocalDate.of(2024, 10, 24).toEpochDay());
        LocalDateTime ts = LocalDateTime.of(2024, 10, 24, 12, 30, 1, 123_456_000);
        assertThat(shred(DataTypes.TIMESTAMP(6), b.of(ts)).getField(2))
                .isEqualTo(TimestampData.fromLocalDateTime(ts));
        // a value of another type stays whole in value
        assertThat(shred(DataTypes.BOOLEAN(), b.of(1)).getField(2)).isNull();
        assertThat(shred(DataTypes.FLOAT(), b.of(2.5d)).getField(2)).isNull();
        assertThat(shred(DataTypes.STRING(), b.of(new byte[] {1})).getField(2)).isNull();
        assertThat(shred(DataTypes.TIMESTAMP(9), b.of(ts)).getField(2)).isNull();
    }

    @Test
    void exactNumericsGoToAnyIntegerOrDecimalTypeHoldingThemExactly() {
        var b = Variant.newBuilder();
        // JSON's 42 is an int8; it fits a BIGINT and a DECIMAL(5, 2)
        assertThat(shred(DataTypes.BIGINT(), b.of((byte) 42)).getField(2)).isEqualTo(42L);
        assertThat(shred(DataTypes.DECIMAL(5, 2), b.of((byte) 42)).getField(2))
                .isEqualTo(DecimalData.fromBigDecimal(new BigDecimal("42.00"), 5, 2));
        assertThat(shred(DataTypes.INT(), b.of(new BigDecimal("7.00"))).getField(2)).isEqualTo(7);
        // too wide, fractional, too many digits: value
        assertThat(shred(DataTypes.TINYINT(), b.of(300)).getField(2)).isNull();
        assertThat(shred(DataTypes.BIGINT(), b.of(new BigDecimal("7.5"))).getField(2)).isNull();
        assertThat(shred(DataTypes.DECIMAL(5, 1), b.of(new BigDecimal("1.25"))).getField(2))
                .isNull();
        assertThat(shred(DataTypes.DECIMAL(3, 1), b.of(1000)).getField(2)).isNull();
    }

    @Test
    void anObjectSplitsIntoTypedFieldsAndAResidualObjectOfTheOthers() {
        DataType type =
                DataTypes.ROW(
                        DataTypes.FIELD("user_id", DataTypes.BIGINT()),
                        DataTypes.FIELD("event", DataTypes.STRING()),
                        DataTypes.FIELD("missing", DataTypes.INT()));
        BinaryVariant v = json("{\"event\":\"login\",\"user_id\":7,\"email\":\"a@b\"}");
        GenericRowData row = shred(type, v);
        RowData typed = (RowData) row.getField(2);
        assertThat(typed.getRow(0, 2).isNullAt(0)).isTrue();
        assertThat(typed.getRow(0, 2).getLong(1)).isEqualTo(7L);
        assertThat(typed.getRow(1, 2).getString(1).toString()).isEqualTo("login");
        // a field the object lacks is missing: value and typed_value both null
        assertThat(typed.getRow(2, 2).isNullAt(0)).isTrue();
        assertThat(typed.getRow(2, 2).isNullAt(1)).isTrue();
        // the residual holds only the unshredded field, with the row's metadata
        org.apache.parquet.variant.Variant residual =
                parquet((byte[]) row.getField(1), v.getMetadata());
        assertThat(residual.numObjectElements()).isEqualTo(1);
        assertThat(residual.getFieldByKey("email").getString()).isEqualTo("a@b");
    }

    @Test
    void aFieldOfTheWrongTypeOrNullGoesToItsOwnValue() {
        DataType type = DataTypes.ROW(DataTypes.FIELD("ts", DataTypes.BIGINT()));
        GenericRowData row = shred(type, json("{\"ts\":\"2024-10-24\"}"));
        assertThat(row.getField(1)).isNull();
        RowData ts = ((RowData) row.getField(2)).getRow(0, 2);
        assertThat(parquet(ts.getBinary(0), json("{\"ts\":1}").getMetadata()).getString())
                .isEqualTo("2024-10-24");
        assertThat(ts.isNullAt(1)).isTrue();

        row = shred(type, json("{\"ts\":null}"));
        ts = ((RowData) row.getField(2)).getRow(0, 2);
        assertThat(ts.getBinary(0)).containsExactly(0);
        assertThat(ts.isNullAt(1)).isTrue();
    }

    @Test
    void anEmptyObjectIsPresentWithEveryFieldMissing() {
        GenericRowData row =
                shred(DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT())), json("{}"));
        assertThat(row.getField(1)).isNull();
        RowData a = ((RowData) row.getField(2)).getRow(0, 2);
        assertThat(a.isNullAt(0) && a.isNullAt(1)).isTrue();
    }

    @Test
    void aNonObjectForARowShreddingGoesWholeToValue() {
        BinaryVariant v = json("[1,2]");
        GenericRowData row = shred(DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT())), v);
        assertThat((byte[]) row.getField(1)).isEqualTo(v.getValue());
        assertThat(row.getField(2)).isNull();
    }

    @Test
    void arrayElementsAreShreddedEachAndNullElementsAreVariantNulls() {
        GenericRowData row =
                shred(DataTypes.ARRAY(DataTypes.STRING()), json("[\"horror\",null,3]"));
        assertThat(row.getField(1)).isNull();
        ArrayData elements = (ArrayData) row.getField(2);
        assertThat(elements.size()).isEqualTo(3);
        assertThat(elements.getRow(0, 2).isNullAt(0)).isTrue();
        assertThat(elements.getRow(0, 2).getString(1).toString()).isEqualTo("horror");
        assertThat(elements.getRow(1, 2).getBinary(0)).containsExactly(0);
        assertThat(elements.getRow(1, 2).isNullAt(1)).isTrue();
        assertThat(elements.getRow(2, 2).isNullAt(0)).isFalse();
        assertThat(elements.getRow(2, 2).isNullAt(1)).isTrue();
        // not an array: value
        assertThat(shred(DataTypes.ARRAY(DataTypes.STRING()), json("\"x\"")).getField(2)).isNull();
    }

    @Test
    void nestedObjectsAndArraysShredAtEveryLevel() {
        DataType type =
                DataTypes.ROW(
                        DataTypes.FIELD(
                                "loc",
                                DataTypes.ROW(
                                        DataTypes.FIELD("lat", DataTypes.DOUBLE()),
                                        DataTypes.FIELD(
                                                "tags", DataTypes.ARRAY(DataTypes.INT())))));
        BinaryVariant v =
                (BinaryVariant)
                        Variant.newBuilder()
                                .object()
                                .add(
                                        "loc",
                                        Variant.newBuilder()
                                                .object()
                                                .add("lat", Variant.newBuilder().of(1.5d))
                                                .add(
                                                        "tags",
                                                        Variant.newBuilder()
                                                                .array()
                                                                .add(Variant.newBuilder().of(1))
                                                                .add(Variant.newBuilder().of("x"))
                                                                .build())
                                                .add("extra", Variant.newBuilder().of(true))
                                                .build())
                                .build();
        GenericRowData row = shred(type, v);
        assertThat(row.getField(1)).isNull();
        RowData loc = ((RowData) row.getField(2)).getRow(0, 2);
        assertThat(loc.isNullAt(1)).isFalse();
        RowData inner = loc.getRow(1, 2);
        assertThat(inner.getRow(0, 2).getDouble(1)).isEqualTo(1.5d);
        ArrayData tags = inner.getRow(1, 2).getArray(1);
        assertThat(tags.getRow(0, 2).getInt(1)).isEqualTo(1);
        assertThat(tags.getRow(1, 2).isNullAt(1)).isTrue();
        // the nested object's residual holds its own unshredded field
        org.apache.parquet.variant.Variant residual = parquet(loc.getBinary(0), v.getMetadata());
        assertThat(residual.getFieldByKey("extra").getBoolean()).isTrue();
        assertThat(residual.numObjectElements()).isEqualTo(1);
    }
}
