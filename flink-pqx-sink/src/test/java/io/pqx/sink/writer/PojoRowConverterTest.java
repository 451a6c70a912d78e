package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

class PojoRowConverterTest {
    public enum Color {
        RED,
        GREEN
    }

    public static class Address {
        public String city;
        public int zip;
    }

    public static class Order {
        public long id;
        public Integer quantity;
        public String name;
        public BigDecimal price;
        public LocalDate day;
        public LocalTime time;
        public LocalDateTime at;
        public Instant instant;
        public byte[] blob;
        public Color color;
        public Address address;
        public boolean flag;
        private double secret;

        public double getSecret() {
            return secret;
        }

        public void setSecret(double secret) {
            this.secret = secret;
        }
    }

    public static class WithList {
        public List<String> tags;
    }

    @Test
    void derivesColumnsInFlinksFieldOrderWithTheDocumentedTypes() {
        PojoRowConverter<Order> converter = PojoRowConverter.of(Order.class);
        assertThat(converter.rowType().asSummaryString())
                .isEqualTo(
                        "ROW<`address` ROW<`city` STRING, `zip` INT NOT NULL>, `at` TIMESTAMP(9),"
                                + " `blob` BYTES, `color` STRING, `day` DATE, `flag` BOOLEAN NOT NULL,"
                                + " `id` BIGINT NOT NULL, `instant` TIMESTAMP_LTZ(9), `name` STRING,"
                                + " `price` DECIMAL(38, 18), `quantity` INT, `secret` DOUBLE NOT NULL,"
                                + " `time` TIME(3)>");
    }

    @Test
    void convertsValuesAndNulls() {
        Order o = new Order();
        o.id = 7;
        o.name = "x";
        o.price = new BigDecimal("1.5");
        o.day = LocalDate.of(2024, 1, 2);
        o.time = LocalTime.of(1, 2, 3, 4_000_000);
        o.at = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 6);
        o.instant = Instant.ofEpochSecond(10, 20);
        o.blob = new byte[] {1};
        o.color = Color.GREEN;
        o.address = new Address();
        o.address.city = "c";
        o.address.zip = 9;
        o.flag = true;
        o.setSecret(2.5);
        RowData row = PojoRowConverter.of(Order.class).convert(o);
        assertThat(row.getRow(0, 2).getString(0).toString()).isEqualTo("c");
        assertThat(row.getRow(0, 2).getInt(1)).isEqualTo(9);
        assertThat(row.getTimestamp(1, 9).toLocalDateTime()).isEqualTo(o.at);
        assertThat(row.getBinary(2)).containsExactly(1);
        assertThat(row.getString(3).toString()).isEqualTo("GREEN");
        assertThat(row.getInt(4)).isEqualTo((int) o.day.toEpochDay());
        assertThat(row.getBoolean(5)).isTrue();
        assertThat(row.getLong(6)).isEqualTo(7);
        assertThat(row.getTimestamp(7, 9).toInstant()).isEqualTo(o.instant);
        assertThat(row.getDecimal(9, 38, 18).toBigDecimal()).isEqualByComparingTo("1.5");
        assertThat(row.isNullAt(10)).isTrue();
        assertThat(row.getDouble(11)).isEqualTo(2.5);
        assertThat(row.getInt(12)).isEqualTo(3_723_004);
    }

    @Test
    void rejectsNonPojosAndUnmappedFieldsNamingThem() {
        assertThatThrownBy(() -> PojoRowConverter.of(String.class))
                .hasMessageContaining("java.lang.String is not a Flink POJO");
        assertThatThrownBy(() -> PojoRowConverter.of(WithList.class))
                .hasMessageContaining("POJO field WithList.tags has type");
    }

    @Test
    void convertedRowsShareNoMutableValueWithThePojo() {
        // The sink holds converted rows until their row group is cut (approximate mode, sort-by)
        // without copying them, so a byte[] the source reuses must not reach the row as is.
        PojoRowConverter<Order> converter = PojoRowConverter.of(Order.class);
        int blob = converter.rowType().getFieldNames().indexOf("blob");
        Order order = new Order();
        order.blob = new byte[] {1, 2, 3};
        RowData row = converter.convert(order);
        order.blob[0] = 9;
        assertThat(row.getBinary(blob)).containsExactly(1, 2, 3);
    }

    public static class Priced {
        public long id;
        public BigDecimal price;
        public LocalDate day;
    }

    @Test
    void aBigDecimalThatDoesNotFitIsRefusedNamingColumnAndValueNotWrittenAsNull() {
        // DecimalData.fromBigDecimal returns null on overflow; a converter storing that would
        // commit the row with price = NULL.
        PojoRowConverter<Priced> converter = PojoRowConverter.of(Priced.class);
        Priced p = new Priced();
        p.price = new BigDecimal("1e25");
        assertThatThrownBy(() -> converter.convert(p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot convert POJO field Priced.price: its value 1E+25 does not fit"
                                + " DECIMAL(38, 18) (at most 20 digits before the point)");
        p.price = new BigDecimal("-99999999999999999999.1234567890123456789");
        assertThat(converter.convert(p).getDecimal(2, 38, 18).toBigDecimal())
                .as("20 integer digits fit; the fraction is rounded half-up to 18 digits")
                .isEqualByComparingTo("-99999999999999999999.123456789012345679");
    }

    @Test
    void aDateBeyondTheIntRangeOfDaysIsRefusedNotWrapped() {
        PojoRowConverter<Priced> converter = PojoRowConverter.of(Priced.class);
        Priced p = new Priced();
        p.day = LocalDate.MAX;
        assertThatThrownBy(() -> converter.convert(p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "Cannot convert POJO field Priced.day: its value +999999999-12-31")
                .hasMessageContaining("DATE");
    }

    public static class Outer {
        public Priced inner;
    }

    @Test
    void aNestedFieldIsNamedByItsPath() {
        Outer o = new Outer();
        o.inner = new Priced();
        o.inner.price = new BigDecimal("1e30");
        assertThatThrownBy(() -> PojoRowConverter.of(Outer.class).convert(o))
                .hasMessageStartingWith("Cannot convert POJO field Outer.inner.price: its value");
    }
}
