package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

class PojoConverterTest {
    /** A POJO with public fields, a setter, a nested POJO and a property no column sets. */
    public static class Order {
        public long id;
        public String name;
        public BigDecimal price;
        public LocalDate day;
        public String[] tags;
        public Address address;
        public int untouched = 7;
        private Integer qty;

        public void setQty(Integer qty) {
            this.qty = qty;
        }

        public Integer qty() {
            return qty;
        }
    }

    public static class Address {
        public String city;
    }

    public static class NoDefaultConstructor {
        public long id;

        public NoDefaultConstructor(long id) {
            this.id = id;
        }
    }

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("NAME", DataTypes.STRING()),
                                    DataTypes.FIELD("price", DataTypes.DECIMAL(10, 2)),
                                    DataTypes.FIELD("day", DataTypes.DATE()),
                                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
                                    DataTypes.FIELD(
                                            "address",
                                            DataTypes.ROW(
                                                    DataTypes.FIELD("city", DataTypes.STRING()))),
                                    DataTypes.FIELD("qty", DataTypes.INT()))
                            .getLogicalType();

    @Test
    void setsEveryPropertyAColumnNamesAfterTravellingWithTheSource() throws Exception {
        PojoConverter<Order> converter =
                InstantiationUtil.clone(PojoConverter.of(Order.class, TYPE));
        converter.open(getClass().getClassLoader());
        Order order =
                converter.convert(
                        GenericRowData.of(
                                5L,
                                StringData.fromString("ann"),
                                DecimalData.fromBigDecimal(new BigDecimal("12.50"), 10, 2),
                                (int) LocalDate.of(2024, 3, 9).toEpochDay(),
                                new GenericArrayData(
                                        new Object[] {
                                            StringData.fromString("a"), StringData.fromString("b")
                                        }),
                                GenericRowData.of(StringData.fromString("Oslo")),
                                3));
        assertThat(order.id).isEqualTo(5);
        assertThat(order.name).isEqualTo("ann");
        assertThat(order.price).isEqualByComparingTo("12.50");
        assertThat(order.day).isEqualTo(LocalDate.of(2024, 3, 9));
        assertThat(order.tags).containsExactly("a", "b");
        assertThat(order.address.city).isEqualTo("Oslo");
        assertThat(order.qty()).isEqualTo(3);
        assertThat(order.untouched).isEqualTo(7);
        assertThat(converter.producedType().getTypeClass()).isEqualTo(Order.class);

        Order nulls = converter.convert(GenericRowData.of(6L, null, null, null, null, null, null));
        assertThat(nulls.name).isNull();
        assertThat(nulls.address).isNull();
    }

    @Test
    void refusesWhatCannotBeSetNamingClassAndColumn() {
        assertThatThrownBy(() -> PojoConverter.of(NoDefaultConstructor.class, TYPE))
                .hasMessageContaining("has no public constructor without arguments");
        RowType unknown =
                (RowType) DataTypes.ROW(DataTypes.FIELD("nope", DataTypes.INT())).getLogicalType();
        assertThatThrownBy(() -> PojoConverter.of(Order.class, unknown))
                .hasMessageContaining("column nope has no public field or setter");
        RowType wrong =
                (RowType)
                        DataTypes.ROW(DataTypes.FIELD("day", DataTypes.BOOLEAN())).getLogicalType();
        assertThatThrownBy(() -> PojoConverter.of(Order.class, wrong))
                .hasMessageContaining(
                        "column day of type BOOLEAN cannot set a property of Java type java.time.LocalDate");
        RowType nullableId =
                (RowType) DataTypes.ROW(DataTypes.FIELD("id", DataTypes.BIGINT())).getLogicalType();
        PojoConverter<Order> primitive = PojoConverter.of(Order.class, nullableId);
        assertThatThrownBy(() -> primitive.convert(GenericRowData.of((Object) null)))
                .hasMessageContaining("Order.id: the value is null and the property is primitive");
    }
}
