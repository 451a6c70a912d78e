package io.pqx.format.prune;

import static io.pqx.format.predicate.Predicates.and;
import static io.pqx.format.predicate.Predicates.column;
import static io.pqx.format.predicate.Predicates.equal;
import static io.pqx.format.predicate.Predicates.greaterOrEqual;
import static io.pqx.format.predicate.Predicates.greaterThan;
import static io.pqx.format.predicate.Predicates.in;
import static io.pqx.format.predicate.Predicates.isNotNull;
import static io.pqx.format.predicate.Predicates.isNull;
import static io.pqx.format.predicate.Predicates.lessOrEqual;
import static io.pqx.format.predicate.Predicates.lessThan;
import static io.pqx.format.predicate.Predicates.not;
import static io.pqx.format.predicate.Predicates.notEqual;
import static io.pqx.format.predicate.Predicates.or;
import static io.pqx.format.prune.TestingChunkViews.annotation;
import static io.pqx.format.prune.TestingChunkViews.bounded;
import static io.pqx.format.prune.TestingChunkViews.doubles;
import static io.pqx.format.prune.TestingChunkViews.ints;
import static io.pqx.format.prune.TestingChunkViews.untrusted;
import static io.pqx.format.prune.Verdict.ALL_MATCH;
import static io.pqx.format.prune.Verdict.NONE_MATCH;
import static io.pqx.format.prune.Verdict.SOME_MAY_MATCH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.RuntimeFilter;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.TestingChunkViews.Column;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class StatisticsPrunerTest {
    private static final Column I = new Column("i", new IntType(), PhysicalType.INT32, null);
    private static final Column D = new Column("d", new DoubleType(), PhysicalType.DOUBLE, null);
    private static final Column S =
            new Column("s", VarCharType.STRING_TYPE, PhysicalType.BYTE_ARRAY, annotation("STRING"));
    private static final List<Column> COLUMNS = List.of(I, D, S);
    private static final ChunkStatisticsView NO_BOUNDS =
            untrusted(PhysicalType.DOUBLE, -1, "the chunk has no statistics");
    private static final ChunkStatisticsView NO_STRING_BOUNDS =
            untrusted(PhysicalType.BYTE_ARRAY, -1, "the chunk has no statistics");

    private static Verdict verdict(Predicate p, ChunkStatisticsView i) {
        return verdict(p, i, NO_BOUNDS, NO_STRING_BOUNDS);
    }

    private static Verdict verdict(
            Predicate p, ChunkStatisticsView i, ChunkStatisticsView d, ChunkStatisticsView s) {
        return verdict(p, 100, SlotValues.none(), i, d, s);
    }

    private static Verdict verdict(
            Predicate p,
            long rows,
            SlotValues slots,
            ChunkStatisticsView i,
            ChunkStatisticsView d,
            ChunkStatisticsView s) {
        PruningCounters counters = new PruningCounters();
        StatisticsPruner pruner = StatisticsPruner.create(p, TestingChunkViews.fields(I, D, S));
        Verdict v =
                pruner.verdict(TestingChunkViews.rowGroup(rows, COLUMNS, i, d, s), slots, counters);
        assertThat(counters.failures()).as("failures for " + p).isZero();
        return v;
    }

    @Test
    void comparesWithBoundsBothWays() {
        ChunkStatisticsView tenToTwenty = ints(0, 10, 20);
        assertThat(verdict(equal("i", 5), tenToTwenty)).isEqualTo(NONE_MATCH);
        assertThat(verdict(equal("i", 15), tenToTwenty)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(lessThan("i", 10), tenToTwenty)).isEqualTo(NONE_MATCH);
        assertThat(verdict(lessOrEqual("i", 10), tenToTwenty)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(greaterThan("i", 20), tenToTwenty)).isEqualTo(NONE_MATCH);
        assertThat(verdict(greaterOrEqual("i", 20), tenToTwenty)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(greaterOrEqual("i", 10), tenToTwenty)).isEqualTo(ALL_MATCH);
        assertThat(verdict(lessThan("i", 21), tenToTwenty)).isEqualTo(ALL_MATCH);
        assertThat(verdict(notEqual("i", 5), tenToTwenty)).isEqualTo(ALL_MATCH);
        assertThat(verdict(notEqual("i", 15), tenToTwenty)).isEqualTo(SOME_MAY_MATCH);
        ChunkStatisticsView fifteen = ints(0, 15, 15);
        assertThat(verdict(equal("i", 15), fifteen)).isEqualTo(ALL_MATCH);
        assertThat(verdict(notEqual("i", 15), fifteen)).isEqualTo(NONE_MATCH);
        assertThat(verdict(equal("i", 16), fifteen)).isEqualTo(NONE_MATCH);
    }

    @Test
    void nullsKeepFullMatchesPartialAndNullCountsDecideIsNull() {
        ChunkStatisticsView withNulls = ints(3, 10, 20);
        assertThat(verdict(greaterOrEqual("i", 10), withNulls)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(isNull("i"), withNulls)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(isNotNull("i"), withNulls)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(or(greaterOrEqual("i", 10), isNull("i")), withNulls))
                .isEqualTo(ALL_MATCH);
        assertThat(verdict(isNull("i"), ints(0, 10, 20))).isEqualTo(NONE_MATCH);
        assertThat(verdict(isNotNull("i"), ints(0, 10, 20))).isEqualTo(ALL_MATCH);
        ChunkStatisticsView noNullCount = ints(-1, 10, 20);
        assertThat(verdict(greaterOrEqual("i", 10), noNullCount)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(isNull("i"), noNullCount)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(equal("i", 5), noNullCount)).isEqualTo(NONE_MATCH);
    }

    @Test
    void anAllNullChunkMatchesNoComparisonEvenNegated() {
        ChunkStatisticsView allNull =
                untrusted(PhysicalType.INT32, 100, "the statistics have no min/max");
        assertThat(verdict(equal("i", 5), allNull)).isEqualTo(NONE_MATCH);
        assertThat(verdict(not(equal("i", 5)), allNull)).isEqualTo(NONE_MATCH);
        assertThat(verdict(in("i", 1, 2), allNull)).isEqualTo(NONE_MATCH);
        assertThat(verdict(isNull("i"), allNull)).isEqualTo(ALL_MATCH);
        assertThat(verdict(isNotNull("i"), allNull)).isEqualTo(NONE_MATCH);
        assertThat(verdict(or(equal("i", 5), isNull("i")), allNull)).isEqualTo(ALL_MATCH);
        assertThat(verdict(not(isNull("i")), allNull)).isEqualTo(NONE_MATCH);
    }

    @Test
    void untrustedBoundsNeverPrune() {
        ChunkStatisticsView signed =
                untrusted(
                        PhysicalType.INT32,
                        0,
                        "only the deprecated min/max are present, in signed order");
        assertThat(verdict(equal("i", 5), signed)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(lessThan("i", Integer.MIN_VALUE), signed)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(isNotNull("i"), signed))
                .isEqualTo(ALL_MATCH); // the null count still holds
        ChunkStatisticsView undefinedOrder =
                untrusted(
                        PhysicalType.BYTE_ARRAY, 0, "the file defines no column order for STRING");
        assertThat(verdict(equal("s", "x"), ints(0, 1, 1), NO_BOUNDS, undefinedOrder))
                .isEqualTo(SOME_MAY_MATCH);
    }

    private static ChunkStatisticsView strings(
            String min, String max, boolean minExact, boolean maxExact) {
        return bounded(
                PhysicalType.BYTE_ARRAY,
                0,
                min.getBytes(StandardCharsets.UTF_8),
                max.getBytes(StandardCharsets.UTF_8),
                minExact,
                maxExact);
    }

    private static Verdict onStrings(Predicate p, ChunkStatisticsView s) {
        return verdict(p, ints(0, 1, 1), NO_BOUNDS, s);
    }

    @Test
    void truncatedBoundsPruneRangesButNotEqualityOnTheTruncatedSide() {
        ChunkStatisticsView truncated = strings("abc", "abd", false, false);
        assertThat(onStrings(equal("s", "zzz"), truncated)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onStrings(equal("s", "a"), truncated)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onStrings(in("s", "a", "zzz"), truncated)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onStrings(greaterThan("s", "abd"), truncated)).isEqualTo(NONE_MATCH);
        assertThat(onStrings(lessThan("s", "abc"), truncated)).isEqualTo(NONE_MATCH);
        assertThat(onStrings(greaterOrEqual("s", "abc"), truncated)).isEqualTo(ALL_MATCH);
        ChunkStatisticsView maxTruncated = strings("abc", "abd", true, false);
        assertThat(onStrings(equal("s", "a"), maxTruncated)).isEqualTo(NONE_MATCH);
        assertThat(onStrings(equal("s", "zzz"), maxTruncated)).isEqualTo(SOME_MAY_MATCH);
        ChunkStatisticsView exact = strings("abc", "abd", true, true);
        assertThat(onStrings(equal("s", "zzz"), exact)).isEqualTo(NONE_MATCH);
        assertThat(onStrings(equal("s", "abcd"), exact)).isEqualTo(SOME_MAY_MATCH);
    }

    @Test
    void prefixLikeIsARange() {
        ChunkStatisticsView abcToAbd = strings("abc", "abd", false, false);
        assertThat(onStrings(Predicates.startsWith("s", "ab"), abcToAbd)).isEqualTo(ALL_MATCH);
        assertThat(onStrings(Predicates.startsWith("s", "abd"), abcToAbd))
                .isEqualTo(SOME_MAY_MATCH);
        assertThat(onStrings(Predicates.startsWith("s", "abe"), abcToAbd)).isEqualTo(NONE_MATCH);
        assertThat(onStrings(Predicates.startsWith("s", "abb"), abcToAbd)).isEqualTo(NONE_MATCH);
        assertThat(onStrings(Predicates.startsWith("s", "x"), abcToAbd)).isEqualTo(NONE_MATCH);
        assertThat(onStrings(Predicates.startsWith("s", ""), abcToAbd)).isEqualTo(ALL_MATCH);
        ChunkStatisticsView high =
                bounded(
                        PhysicalType.BYTE_ARRAY,
                        0,
                        new byte[] {(byte) 0xff},
                        new byte[] {(byte) 0xff, (byte) 0xff, 1},
                        true,
                        true);
        assertThat(onStrings(Predicates.startsWith("s", "\u00ff"), high)).isEqualTo(NONE_MATCH);
        assertThat(StatisticsPruner.successor(new byte[] {1, (byte) 0xff})).containsExactly(2);
        assertThat(StatisticsPruner.successor(new byte[] {(byte) 0xff})).isNull();
    }

    private static Verdict onDoubles(Predicate p, ChunkStatisticsView d) {
        return verdict(p, ints(0, 1, 1), d, NO_STRING_BOUNDS);
    }

    @Test
    void nanMayHideAboveTheMaxOfFloatingPointColumns() {
        ChunkStatisticsView oneToFive = doubles(0, 1.0, 5.0);
        assertThat(onDoubles(greaterThan("d", 10.0), oneToFive)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onDoubles(greaterOrEqual("d", 10.0), oneToFive)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onDoubles(lessThan("d", 1.0), oneToFive)).isEqualTo(NONE_MATCH);
        assertThat(onDoubles(equal("d", 7.0), oneToFive)).isEqualTo(NONE_MATCH);
        assertThat(onDoubles(greaterOrEqual("d", 1.0), oneToFive)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onDoubles(notEqual("d", 7.0), oneToFive)).isEqualTo(ALL_MATCH); // NaN <> 7 too
        assertThat(onDoubles(not(greaterThan("d", 10.0)), oneToFive)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onDoubles(not(lessThan("d", 0.0)), oneToFive)).isEqualTo(ALL_MATCH);
        assertThat(onDoubles(lessOrEqual("d", 5.0), oneToFive)).isEqualTo(SOME_MAY_MATCH); // NaN
        assertThat(onDoubles(in("d", 1.0, 2.0), oneToFive)).isEqualTo(SOME_MAY_MATCH);
    }

    @Test
    void signedZerosCompareEqual() {
        ChunkStatisticsView negativeZero = doubles(0, -0.0, 0.0);
        assertThat(onDoubles(equal("d", 0.0), negativeZero)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onDoubles(equal("d", -0.0), negativeZero)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onDoubles(lessThan("d", 0.0), negativeZero)).isEqualTo(NONE_MATCH);
        assertThat(onDoubles(lessOrEqual("d", -0.0), negativeZero)).isEqualTo(SOME_MAY_MATCH);
        ChunkStatisticsView zero = doubles(0, 0.0, 0.0);
        assertThat(onDoubles(equal("d", -0.0), zero)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onDoubles(lessOrEqual("d", -0.0), zero)).isEqualTo(SOME_MAY_MATCH);
        assertThat(onDoubles(greaterOrEqual("d", -0.0), zero)).isEqualTo(SOME_MAY_MATCH);
    }

    @Test
    void inListsCheckEachValueUpToTheCap() {
        ChunkStatisticsView tenToTwenty = ints(0, 10, 20);
        assertThat(verdict(in("i", 1, 2, 3), tenToTwenty)).isEqualTo(NONE_MATCH);
        assertThat(verdict(in("i", 1, 15), tenToTwenty)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(in("i", 15, 16), ints(0, 15, 15))).isEqualTo(ALL_MATCH);
        assertThat(verdict(not(in("i", 1, 2)), tenToTwenty)).isEqualTo(ALL_MATCH);
        StatisticsPruner capped =
                StatisticsPruner.create(in("i", 1, 2, 3), TestingChunkViews.fields(I, D, S), 2);
        RowGroupView rowGroup =
                TestingChunkViews.rowGroup(100, COLUMNS, tenToTwenty, NO_BOUNDS, NO_STRING_BOUNDS);
        assertThat(capped.verdict(rowGroup, SlotValues.none(), PruningListener.NONE))
                .isEqualTo(SOME_MAY_MATCH);
        assertThatThrownBy(
                        () ->
                                StatisticsPruner.create(
                                        in("i", 1, 2), TestingChunkViews.fields(I), -1))
                .hasMessageContaining("negative");
    }

    @Test
    void andUsesWhatItUnderstandsAndOrNeedsEveryBranch() {
        ChunkStatisticsView tenToTwenty = ints(0, 10, 20);
        Predicate unknown = equal("d", 1.0); // no statistics on d
        assertThat(verdict(and(equal("i", 5), unknown), tenToTwenty)).isEqualTo(NONE_MATCH);
        assertThat(verdict(or(equal("i", 5), unknown), tenToTwenty)).isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(or(equal("i", 5), equal("i", 25)), tenToTwenty)).isEqualTo(NONE_MATCH);
        assertThat(verdict(or(greaterThan("i", 5), unknown), tenToTwenty)).isEqualTo(ALL_MATCH);
        assertThat(verdict(and(greaterThan("i", 5), unknown), tenToTwenty))
                .isEqualTo(SOME_MAY_MATCH);
        assertThat(verdict(not(and(greaterThan("i", 5), lessThan("i", 30))), tenToTwenty))
                .isEqualTo(NONE_MATCH);
        assertThat(verdict(Predicates.alwaysFalse(), tenToTwenty)).isEqualTo(NONE_MATCH);
        assertThat(verdict(Predicates.alwaysTrue(), tenToTwenty)).isEqualTo(ALL_MATCH);
    }

    @Test
    void aFailureKeepsTheDataAndIsCounted() {
        // the row group's chunk 0 holds another leaf than the schema says: evaluation fails
        Column other = new Column("other", new IntType(), PhysicalType.INT32, null);
        RowGroupView mismatched =
                TestingChunkViews.rowGroup(
                        100, List.of(other, D, S), ints(0, 10, 20), NO_BOUNDS, NO_STRING_BOUNDS);
        PruningCounters counters = new PruningCounters();
        StatisticsPruner pruner =
                StatisticsPruner.create(
                        and(equal("i", 5), not(equal("i", 6))), TestingChunkViews.fields(I, D, S));
        assertThat(pruner.verdict(mismatched, SlotValues.none(), counters))
                .isEqualTo(SOME_MAY_MATCH);
        assertThat(counters.failures(StatisticsPruner.EVIDENCE)).isEqualTo(2);
        // a failing part of an AND still lets the understood part prune
        StatisticsPruner partly =
                StatisticsPruner.create(
                        and(equal("i", 5), equal("d", 2.0)), TestingChunkViews.fields(I, D, S));
        RowGroupView badDouble =
                TestingChunkViews.rowGroup(
                        100, List.of(I, other, S), ints(0, 10, 20), NO_BOUNDS, NO_STRING_BOUNDS);
        assertThat(partly.verdict(badDouble, SlotValues.none(), counters)).isEqualTo(NONE_MATCH);
        assertThat(counters.failures()).isEqualTo(3);
    }

    @Test
    void bindingFailsForUnknownColumnsAndMismatchedLiterals() {
        assertThatThrownBy(
                        () -> StatisticsPruner.create(equal("x", 1), TestingChunkViews.fields(I)))
                .hasMessageContaining("Cannot resolve column x");
        assertThatThrownBy(
                        () ->
                                StatisticsPruner.create(
                                        equal("i", "one"), TestingChunkViews.fields(I)))
                .hasMessageContaining("Cannot bind predicate on column i");
    }

    @Test
    void decodesBoundsTheWayTheReaderDecodesValues() {
        Column dec =
                new Column(
                        "dec",
                        new DecimalType(20, 2),
                        PhysicalType.BYTE_ARRAY,
                        TestingChunkViews.decimal(20, 2));
        Column unsigned =
                new Column(
                        "u",
                        new BigIntType(),
                        PhysicalType.INT32,
                        TestingChunkViews.integer(32, false));
        Column ts =
                new Column(
                        "ts",
                        new TimestampType(6),
                        PhysicalType.INT64,
                        TestingChunkViews.timestamp("MICROS"));
        Column t =
                new Column(
                        "t", new TimeType(6), PhysicalType.INT64, TestingChunkViews.time("MICROS"));
        List<Column> cols = List.of(dec, unsigned, ts, t);
        ChunkStatisticsView decStats =
                bounded(
                        PhysicalType.BYTE_ARRAY,
                        0,
                        BigInteger.valueOf(-100).toByteArray(),
                        BigInteger.valueOf(500).toByteArray(),
                        true,
                        true);
        ChunkStatisticsView decInexact =
                bounded(
                        PhysicalType.BYTE_ARRAY,
                        0,
                        BigInteger.valueOf(-100).toByteArray(),
                        BigInteger.valueOf(500).toByteArray(),
                        false,
                        false);
        ChunkStatisticsView uStats = ints(0, -1, -1); // 4294967295 unsigned
        ChunkStatisticsView tsStats = TestingChunkViews.longs(0, 1_000_000L, 2_000_000L);
        ChunkStatisticsView tStats =
                TestingChunkViews.longs(0, 1_500L, 2_500L); // 1 ms .. 2 ms read
        StatisticsPrunerTestCase c =
                new StatisticsPrunerTestCase(cols, decStats, uStats, tsStats, tStats);
        assertThat(c.verdict(greaterThan("dec", new BigDecimal("5.00")))).isEqualTo(NONE_MATCH);
        assertThat(c.verdict(lessThan("dec", new BigDecimal("-1")))).isEqualTo(NONE_MATCH);
        assertThat(c.verdict(equal("dec", 3))).isEqualTo(SOME_MAY_MATCH);
        assertThat(c.verdict(equal("u", 4294967295L))).isEqualTo(ALL_MATCH);
        assertThat(c.verdict(lessThan("u", 0L))).isEqualTo(NONE_MATCH);
        assertThat(c.verdict(lessThan("ts", LocalDateTime.of(1970, 1, 1, 0, 0, 1))))
                .isEqualTo(NONE_MATCH);
        assertThat(c.verdict(equal("ts", LocalDateTime.of(1970, 1, 1, 0, 0, 1, 500_000_000))))
                .isEqualTo(SOME_MAY_MATCH);
        assertThat(c.verdict(greaterThan("ts", LocalDateTime.of(1970, 1, 1, 0, 0, 2))))
                .isEqualTo(NONE_MATCH);
        assertThat(c.verdict(equal("t", LocalTime.of(0, 0, 0, 1_000_000))))
                .isEqualTo(SOME_MAY_MATCH);
        assertThat(c.verdict(equal("t", LocalTime.of(0, 0, 0, 3_000_000)))).isEqualTo(NONE_MATCH);
        assertThat(c.verdict(lessThan("t", LocalTime.of(0, 0, 0, 1_000_000))))
                .isEqualTo(NONE_MATCH);
        StatisticsPrunerTestCase inexact =
                new StatisticsPrunerTestCase(cols, decInexact, uStats, tsStats, tStats);
        assertThat(inexact.verdict(greaterThan("dec", new BigDecimal("5.00"))))
                .isEqualTo(SOME_MAY_MATCH);
    }

    @Test
    void runtimeFiltersPruneByRangeAndStateAndNeverMatchNulls() {
        ChunkStatisticsView tenToTwenty = ints(0, 10, 20);
        ColumnRef i = column("i");
        Predicate slot = and(greaterOrEqual("i", 10), Predicates.slot("f", "i"));
        assertThat(verdict(slot, 100, SlotValues.none(), tenToTwenty, NO_BOUNDS, NO_STRING_BOUNDS))
                .isEqualTo(SOME_MAY_MATCH);
        assertThat(
                        verdict(
                                slot,
                                100,
                                SlotValues.none().with("f", RuntimeFilter.disabled(i)),
                                tenToTwenty,
                                NO_BOUNDS,
                                NO_STRING_BOUNDS))
                .isEqualTo(ALL_MATCH);
        assertThat(
                        verdict(
                                slot,
                                100,
                                SlotValues.none().with("f", RuntimeFilter.empty(i)),
                                tenToTwenty,
                                NO_BOUNDS,
                                NO_STRING_BOUNDS))
                .isEqualTo(NONE_MATCH);
        assertThat(
                        verdict(
                                slot,
                                100,
                                SlotValues.none().with("f", RuntimeFilter.range(i, 100, 200)),
                                tenToTwenty,
                                NO_BOUNDS,
                                NO_STRING_BOUNDS))
                .isEqualTo(NONE_MATCH);
        assertThat(
                        verdict(
                                slot,
                                100,
                                SlotValues.none().with("f", RuntimeFilter.range(i, 15, 100)),
                                tenToTwenty,
                                NO_BOUNDS,
                                NO_STRING_BOUNDS))
                .isEqualTo(SOME_MAY_MATCH);
        ChunkStatisticsView allNull = untrusted(PhysicalType.INT32, 100, "all null");
        assertThat(
                        verdict(
                                Predicates.slot("f", "i"),
                                100,
                                SlotValues.none().with("f", RuntimeFilter.range(i, 0, 100)),
                                allNull,
                                NO_BOUNDS,
                                NO_STRING_BOUNDS))
                .isEqualTo(NONE_MATCH);
    }

    @Test
    void anEmptyRowGroupMatchesNothing() {
        assertThat(
                        verdict(
                                Predicates.alwaysTrue(),
                                0,
                                SlotValues.none(),
                                ints(0, 1, 1),
                                NO_BOUNDS,
                                NO_STRING_BOUNDS))
                .isEqualTo(NONE_MATCH);
    }

    /** A pruner over four columns of other types, for the decoding cases. */
    private record StatisticsPrunerTestCase(List<Column> columns, ChunkStatisticsView... stats) {
        Verdict verdict(Predicate p) {
            PruningCounters counters = new PruningCounters();
            Verdict v =
                    StatisticsPruner.create(
                                    p, TestingChunkViews.fields(columns.toArray(Column[]::new)))
                            .verdict(
                                    TestingChunkViews.rowGroup(100, columns, stats),
                                    SlotValues.none(),
                                    counters);
            assertThat(counters.failures()).isZero();
            return v;
        }
    }
}
