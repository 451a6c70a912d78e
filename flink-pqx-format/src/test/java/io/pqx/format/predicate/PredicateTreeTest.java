package io.pqx.format.predicate;

import static io.pqx.format.predicate.Predicates.and;
import static io.pqx.format.predicate.Predicates.column;
import static io.pqx.format.predicate.Predicates.equal;
import static io.pqx.format.predicate.Predicates.greaterThan;
import static io.pqx.format.predicate.Predicates.in;
import static io.pqx.format.predicate.Predicates.isNull;
import static io.pqx.format.predicate.Predicates.not;
import static io.pqx.format.predicate.Predicates.or;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.flink.table.data.TimestampData;
import org.junit.jupiter.api.Test;

class PredicateTreeTest {

    @Test
    void printsAsSqlIshText() {
        Predicate p =
                and(
                        equal("a.b", "it's"),
                        or(greaterThan("x", 5), isNull("y")),
                        not(in("z", 1, 2, 3)),
                        Predicates.startsWith("s", "ab"),
                        Predicates.slot("join", "k"));
        assertThat(p)
                .hasToString(
                        "(a.b = 'it''s' AND (x > 5 OR y IS NULL) AND NOT (z IN (1, 2, 3))"
                                + " AND s LIKE 'ab%' AND RUNTIME_FILTER('join', k))");
        assertThat(equal("d", LocalDate.of(2024, 1, 31))).hasToString("d = DATE '2024-01-31'");
        assertThat(equal("t", LocalDateTime.of(2024, 1, 31, 12, 0, 1)))
                .hasToString("t = TIMESTAMP '2024-01-31 12:00:01'");
        assertThat(equal("b", new byte[] {0x0a, (byte) 0xff})).hasToString("b = X'0aff'");
        assertThat(equal("m", new BigDecimal("1.50"))).hasToString("m = 1.50");
        assertThat(equal("weird name", 1)).hasToString("`weird name` = 1");
    }

    @Test
    void serializesToAnEqualPredicate() throws Exception {
        Predicate p =
                and(
                        equal("a.b", "it's"),
                        or(greaterThan("x", 5), isNull("y")),
                        not(in("z", 1, 2, 3)),
                        Predicates.startsWith("s", "ab"),
                        Predicates.slot("join", "k"),
                        equal("ts", TimestampData.fromEpochMillis(1234L, 567)),
                        equal("d", LocalDate.of(2024, 1, 31)),
                        equal("b", new byte[] {1, 2}),
                        equal("m", new BigDecimal("1.50")));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(p);
        }
        try (ObjectInputStream in =
                new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertThat(in.readObject()).isEqualTo(p).hasToString(p.toString());
        }
    }

    @Test
    void comparesByValue() {
        assertThat(equal("a", new byte[] {1, 2})).isEqualTo(equal("a", new byte[] {1, 2}));
        assertThat(equal("a", new byte[] {1, 2}).hashCode())
                .isEqualTo(equal("a", new byte[] {1, 2}).hashCode());
        assertThat(equal("a", 1))
                .isNotEqualTo(equal("a", 1L)); // typed by the column, kept as given
        assertThat(and(equal("a", 1), isNull("b"))).isEqualTo(and(equal("a", 1), isNull("b")));
        assertThat(column("a.b")).isEqualTo(ColumnRef.of("a", "b"));
    }

    @Test
    void foldsConstantsAndFlattens() {
        Predicate a = equal("a", 1);
        Predicate b = equal("b", 2);
        Predicate c = equal("c", 3);
        assertThat(and(a, Predicates.alwaysTrue())).isEqualTo(a);
        assertThat(and(a, Predicates.alwaysFalse())).isEqualTo(Constant.FALSE);
        assertThat(or(a, Predicates.alwaysTrue())).isEqualTo(Constant.TRUE);
        assertThat(or(a, Predicates.alwaysFalse())).isEqualTo(a);
        assertThat(and()).isEqualTo(Constant.TRUE);
        assertThat(or()).isEqualTo(Constant.FALSE);
        assertThat(and(a, and(b, c))).isEqualTo(new And(List.of(a, b, c)));
        assertThat(or(or(a, b), c)).isEqualTo(new Or(List.of(a, b, c)));
        assertThat(not(not(a))).isEqualTo(a);
        assertThat(not(Predicates.alwaysTrue())).isEqualTo(Constant.FALSE);
        assertThat(in("a", 7)).isEqualTo(equal("a", 7));
    }

    @Test
    void expressesOnlyPrefixLike() {
        ColumnRef s = column("s");
        assertThat(Predicates.like(s, "abc%")).contains(new StartsWith(s, "abc"));
        assertThat(Predicates.like(s, "%")).contains(new StartsWith(s, ""));
        assertThat(Predicates.like(s, "abc")).isEmpty();
        assertThat(Predicates.like(s, "%abc")).isEmpty();
        assertThat(Predicates.like(s, "a%c%")).isEmpty();
        assertThat(Predicates.like(s, "a_c%")).isEmpty();
        assertThat(Predicates.like(s, "a\\%%")).isEmpty();
    }

    @Test
    void listsItsColumnsAndSlots() {
        Predicate p =
                and(equal("a", 1), or(isNull("b.c"), equal("a", 2)), Predicates.slot("f", "k"));
        assertThat(p.columns()).containsExactly(column("a"), column("b.c"), column("k"));
        assertThat(p.hasSlot()).isTrue();
        assertThat(equal("a", 1).hasSlot()).isFalse();
    }

    @Test
    void rejectsWhatItCannotExpress() {
        assertThatThrownBy(() -> Literal.of(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("IS NULL");
        assertThatThrownBy(() -> Literal.of(Double.NaN)).hasMessageContaining("NaN");
        assertThatThrownBy(() -> Literal.of(Float.NaN)).hasMessageContaining("NaN");
        assertThatThrownBy(() -> Literal.of(new Object())).hasMessageContaining("java.lang.Object");
        assertThatThrownBy(() -> not(Predicates.slot("f", "k")))
                .hasMessageContaining("dynamic slot");
        assertThatThrownBy(() -> not(and(equal("a", 1), Predicates.slot("f", "k"))))
                .hasMessageContaining("dynamic slot");
        assertThatThrownBy(() -> new InList(column("a"), List.of()))
                .hasMessageContaining("no value");
        assertThatThrownBy(() -> new And(List.of(equal("a", 1))))
                .hasMessageContaining("two or more");
        assertThatThrownBy(() -> ColumnRef.parse("a..b")).hasMessageContaining("empty");
    }

    @Test
    void ternaryLogicFollowsSql() {
        Ternary t = Ternary.TRUE;
        Ternary f = Ternary.FALSE;
        Ternary u = Ternary.UNKNOWN;
        assertThat(f.and(u)).isEqualTo(f);
        assertThat(t.and(u)).isEqualTo(u);
        assertThat(t.or(u)).isEqualTo(t);
        assertThat(f.or(u)).isEqualTo(u);
        assertThat(u.not()).isEqualTo(u);
        assertThat(t.not()).isEqualTo(f);
        assertThat(u.keeps()).isFalse();
        assertThat(t.keeps()).isTrue();
    }
}
