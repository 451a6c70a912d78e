package io.pqx.format.predicate;

import static io.pqx.format.predicate.Predicates.and;
import static io.pqx.format.predicate.Predicates.column;
import static io.pqx.format.predicate.Predicates.equal;
import static io.pqx.format.predicate.Predicates.greaterThan;
import static io.pqx.format.predicate.Predicates.in;
import static io.pqx.format.predicate.Predicates.isNotNull;
import static io.pqx.format.predicate.Predicates.isNull;
import static io.pqx.format.predicate.Predicates.lessThan;
import static io.pqx.format.predicate.Predicates.not;
import static io.pqx.format.predicate.Predicates.notEqual;
import static io.pqx.format.predicate.Predicates.or;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class BoundPredicateTest {

    private static final RowType ADDRESS =
            RowType.of(
                    new LogicalType[] {VarCharType.STRING_TYPE, new IntType()},
                    new String[] {"city", "zip"});
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new IntType(),
                        new DoubleType(),
                        VarCharType.STRING_TYPE,
                        ADDRESS,
                        new DecimalType(10, 2),
                        new TimestampType(6),
                        new ArrayType(new IntType()),
                        new BigIntType()
                    },
                    new String[] {"id", "d", "s", "addr", "price", "ts", "list", "k"});

    private static final ColumnResolver RESOLVER = ColumnResolver.of(TYPE);

    private static GenericRowData row(Integer id, Double d, String s, String city, Integer zip) {
        GenericRowData address =
                city == null && zip == null
                        ? null
                        : GenericRowData.of(city == null ? null : StringData.fromString(city), zip);
        return GenericRowData.of(
                id,
                d,
                s == null ? null : StringData.fromString(s),
                address,
                DecimalData.fromBigDecimal(new BigDecimal("12.50"), 10, 2),
                TimestampData.fromEpochMillis(1000, 500),
                null,
                id == null ? null : (long) id);
    }

    private static Ternary eval(Predicate p, RowData row) {
        return BoundPredicate.bind(p, RESOLVER).evaluate(row, SlotValues.none());
    }

    @Test
    void nullsMakeComparisonsUnknownAndNotKeepsThemUnknown() {
        RowData nulls = row(null, null, null, null, null);
        assertThat(eval(equal("id", 5), nulls)).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(not(equal("id", 5)), nulls)).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(in("id", 1, 2), nulls)).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(Predicates.startsWith("s", "a"), nulls)).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(isNull("id"), nulls)).isEqualTo(Ternary.TRUE);
        assertThat(eval(isNotNull("id"), nulls)).isEqualTo(Ternary.FALSE);
        assertThat(eval(and(equal("id", 5), Predicates.alwaysFalse()), nulls))
                .isEqualTo(Ternary.FALSE);
        assertThat(eval(or(equal("id", 5), isNull("id")), nulls)).isEqualTo(Ternary.TRUE);
        assertThat(eval(or(equal("id", 5), equal("s", "x")), nulls)).isEqualTo(Ternary.UNKNOWN);
        assertThat(
                        BoundPredicate.bind(not(equal("id", 5)), RESOLVER)
                                .test(nulls, SlotValues.none()))
                .isFalse();
    }

    @Test
    void comparesValuesInTheColumnsDomain() {
        RowData r = row(7, 2.5, "flink", "Berlin", 10115);
        assertThat(eval(equal("id", 7), r)).isEqualTo(Ternary.TRUE);
        assertThat(eval(greaterThan("id", 7), r)).isEqualTo(Ternary.FALSE);
        assertThat(eval(lessThan("d", 3), r)).isEqualTo(Ternary.TRUE);
        assertThat(eval(in("s", "pqx", "flink"), r)).isEqualTo(Ternary.TRUE);
        assertThat(eval(in("s", "pqx", "flinks"), r)).isEqualTo(Ternary.FALSE);
        assertThat(eval(Predicates.startsWith("s", "fl"), r)).isEqualTo(Ternary.TRUE);
        assertThat(eval(Predicates.startsWith("s", "flinky"), r)).isEqualTo(Ternary.FALSE);
        assertThat(eval(equal("price", new BigDecimal("12.5")), r)).isEqualTo(Ternary.TRUE);
        assertThat(eval(greaterThan("ts", LocalDateTime.of(1970, 1, 1, 0, 0, 1)), r))
                .isEqualTo(Ternary.TRUE);
        assertThat(eval(equal("addr.city", "Berlin"), r)).isEqualTo(Ternary.TRUE);
        assertThat(eval(lessThan("addr.zip", 10000), r)).isEqualTo(Ternary.FALSE);
    }

    @Test
    void nanSatisfiesOnlyNotEqualAndZerosAreEqual() {
        RowData nan = row(1, Double.NaN, "a", null, null);
        assertThat(eval(equal("d", 1.0), nan)).isEqualTo(Ternary.FALSE);
        assertThat(eval(lessThan("d", 1.0), nan)).isEqualTo(Ternary.FALSE);
        assertThat(eval(greaterThan("d", 1.0), nan)).isEqualTo(Ternary.FALSE);
        assertThat(eval(notEqual("d", 1.0), nan)).isEqualTo(Ternary.TRUE);
        assertThat(eval(not(lessThan("d", 1.0)), nan)).isEqualTo(Ternary.TRUE);
        assertThat(eval(in("d", 1.0, 2.0), nan)).isEqualTo(Ternary.FALSE);
        RowData negativeZero = row(1, -0.0, "a", null, null);
        assertThat(eval(equal("d", 0.0), negativeZero)).isEqualTo(Ternary.TRUE);
        assertThat(eval(lessThan("d", 0.0), negativeZero)).isEqualTo(Ternary.FALSE);
        assertThat(eval(greaterThan("d", -0.0), row(1, 0.0, "a", null, null)))
                .isEqualTo(Ternary.FALSE);
    }

    @Test
    void aFieldOfANullRowIsNull() {
        RowData noAddress = row(1, 1.0, "a", null, null);
        assertThat(eval(isNull("addr.city"), noAddress)).isEqualTo(Ternary.TRUE);
        assertThat(eval(equal("addr.zip", 1), noAddress)).isEqualTo(Ternary.UNKNOWN);
        RowData noCity = row(1, 1.0, "a", null, 5);
        assertThat(eval(isNull("addr.city"), noCity)).isEqualTo(Ternary.TRUE);
        assertThat(eval(equal("addr.zip", 5), noCity)).isEqualTo(Ternary.TRUE);
    }

    @Test
    void bindingFailsClearlyForColumnsAndLiteralsThatDoNotFit() {
        assertThatThrownBy(() -> BoundPredicate.bind(equal("nope", 1), RESOLVER))
                .hasMessage(
                        "Cannot resolve column nope: the row has no field nope"
                                + " (fields: id, d, s, addr, price, ts, list, k)");
        assertThatThrownBy(() -> BoundPredicate.bind(equal("addr.street", "x"), RESOLVER))
                .hasMessageContaining("addr has no field street (fields: city, zip)");
        assertThatThrownBy(() -> BoundPredicate.bind(equal("id.x", 1), RESOLVER))
                .hasMessageContaining("id is a INTEGER");
        assertThatThrownBy(() -> BoundPredicate.bind(isNull("list"), RESOLVER))
                .hasMessageContaining("list is a ARRAY<INT>");
        assertThatThrownBy(() -> BoundPredicate.bind(equal("id", "seven"), RESOLVER))
                .hasMessageContaining("Cannot bind predicate on column id")
                .hasMessageContaining("'seven'");
        assertThatThrownBy(() -> BoundPredicate.bind(Predicates.startsWith("id", "1"), RESOLVER))
                .hasMessageContaining("LIKE needs CHAR or VARCHAR");
        assertThatThrownBy(
                        () ->
                                BoundPredicate.bind(
                                        equal("price", new BigDecimal("1.005")), RESOLVER))
                .hasMessageContaining("DECIMAL(10, 2)");
    }

    @Test
    void dynamicSlotsFollowTheirRuntimeFilter() {
        Predicate p = and(isNotNull("id"), Predicates.slot("join", "k"));
        BoundPredicate bound = BoundPredicate.bind(p, RESOLVER);
        RowData r5 = row(5, 1.0, "a", null, null);
        RowData r50 = row(50, 1.0, "a", null, null);
        RowData noKey = row(null, 1.0, "a", null, null);
        ColumnRef k = column("k");
        assertThat(bound.test(r5, SlotValues.none())).isTrue();
        assertThat(bound.test(r5, SlotValues.none().with("join", RuntimeFilter.pending(k))))
                .isTrue();
        assertThat(bound.test(r5, SlotValues.none().with("join", RuntimeFilter.disabled(k))))
                .isTrue();
        assertThat(bound.test(r5, SlotValues.none().with("join", RuntimeFilter.empty(k))))
                .isFalse();
        SlotValues range = SlotValues.none().with("join", RuntimeFilter.range(k, 1L, 10L));
        assertThat(bound.test(r5, range)).isTrue();
        assertThat(bound.test(r50, range)).isFalse();
        Predicate slotOnly = Predicates.slot("join", "k");
        assertThat(BoundPredicate.bind(slotOnly, RESOLVER).evaluate(noKey, range))
                .isEqualTo(Ternary.FALSE);
        SlotValues keys =
                SlotValues.none()
                        .with(
                                "join",
                                RuntimeFilter.range(k, 1L, 100L, key -> Set.of(50L).contains(key)));
        assertThat(bound.test(r5, keys)).isFalse();
        assertThat(bound.test(r50, keys)).isTrue();
        SlotValues wrongColumn = SlotValues.none().with("join", RuntimeFilter.empty(column("id")));
        assertThatThrownBy(() -> bound.test(r5, wrongColumn))
                .hasMessageContaining("about column id");
        SlotValues wrongType = SlotValues.none().with("join", RuntimeFilter.range(k, "a", "b"));
        assertThatThrownBy(() -> bound.test(r5, wrongType)).hasMessageContaining("column k");
    }

    @Test
    void masksABatch() {
        RowType ints = RowType.of(new IntType());
        HeapIntVector v = new HeapIntVector(4);
        v.vector[0] = 1;
        v.vector[1] = 5;
        v.setNullAt(2);
        v.vector[3] = 9;
        VectorizedColumnBatch batch = new VectorizedColumnBatch(new HeapIntVector[] {v});
        batch.setNumRows(4);
        BoundPredicate p = BoundPredicate.bind(not(lessThan("f0", 5)), ColumnResolver.of(ints));
        assertThat(p.mask(batch, SlotValues.none())).containsExactly(false, true, false, true);
        assertThat(p.predicate()).isEqualTo(not(lessThan("f0", 5)));
        assertThat(List.of(p.toString())).containsExactly("NOT (f0 < 5)");
    }
}
