package io.pqx.table.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.Predicates;
import io.pqx.source.ListedFile;
import io.pqx.source.PqxSource;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class KeyBatchTest {
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new DoubleType(),
                        new VarBinaryType(VarBinaryType.MAX_LENGTH),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"k", "s", "d", "b", "dt"});

    private static LookupTable table(int... keys) {
        PqxSource<RowData> listing =
                PqxSource.builder()
                        .path("file:///nowhere")
                        .rowType(TYPE)
                        .partitionKeys("dt")
                        .build();
        return new LookupTable(
                "t", listing, TYPE, List.of("dt"), keys, null, null, Duration.ofMinutes(1), 0);
    }

    @Test
    void aOneColumnKeyBatchIsOneInListOfItsDistinctKeysAndNullsAndNaNsMatchNothing() {
        LookupTable t = table(0);
        KeyBatch batch =
                KeyBatch.of(
                        t,
                        List.of(
                                GenericRowData.of(3L),
                                GenericRowData.of(1L),
                                GenericRowData.of(3L),
                                GenericRowData.of((Object) null)));
        assertThat(batch.size()).isEqualTo(2);
        assertThat(batch.dataPredicate()).isEqualTo(Predicates.in("k", 3L, 1L));
        assertThat(KeyBatch.keyOf(t, GenericRowData.of((Object) null))).isNull();
        assertThat(KeyBatch.keyOf(table(2), GenericRowData.of(Double.NaN))).isNull();
    }

    @Test
    void keysCompareAsSqlDoes() {
        LookupTable d = table(2);
        assertThat(KeyBatch.keyOf(d, GenericRowData.of(-0.0)))
                .isEqualTo(KeyBatch.keyOf(d, GenericRowData.of(0.0)));
        LookupTable b = table(3);
        assertThat(KeyBatch.keyOf(b, GenericRowData.of((Object) new byte[] {1, 2})))
                .isEqualTo(KeyBatch.keyOf(b, GenericRowData.of((Object) new byte[] {1, 2})))
                .isNotEqualTo(KeyBatch.keyOf(b, GenericRowData.of((Object) new byte[] {1})));
        LookupTable s = table(1);
        KeyBatch strings = KeyBatch.of(s, List.of(GenericRowData.of(StringData.fromString("x"))));
        assertThat(
                        strings.contains(
                                KeyBatch.keyOf(s, GenericRowData.of(StringData.fromString("x")))))
                .isTrue();
        assertThat(
                        strings.contains(
                                KeyBatch.keyOf(s, GenericRowData.of(StringData.fromString("y")))))
                .isFalse();
    }

    @Test
    void aTwoColumnKeyIsAnOrOfAndsAndPartitionPartsSelectFiles() throws Exception {
        LookupTable t = table(0, 1, 4);
        KeyBatch batch =
                KeyBatch.of(
                        t,
                        List.of(
                                GenericRowData.of(
                                        1L,
                                        StringData.fromString("a"),
                                        StringData.fromString("d1")),
                                GenericRowData.of(
                                        2L,
                                        StringData.fromString("b"),
                                        StringData.fromString("d2"))));
        assertThat(batch.dataPredicate())
                .isEqualTo(
                        Predicates.or(
                                Predicates.and(
                                        Predicates.equal("k", 1L),
                                        Predicates.equal("s", StringData.fromString("a"))),
                                Predicates.and(
                                        Predicates.equal("k", 2L),
                                        Predicates.equal("s", StringData.fromString("b")))));
        KeyBatch d1 =
                batch.forFile(new ListedFile("file:/t/dt=d1/f.parquet", 1, 1, Map.of("dt", "d1")));
        assertThat(d1.size()).isEqualTo(1);
        assertThat(d1.dataPredicate())
                .isEqualTo(
                        Predicates.and(
                                Predicates.equal("k", 1L),
                                Predicates.equal("s", StringData.fromString("a"))));
        assertThat(
                        batch.forFile(
                                        new ListedFile(
                                                "file:/t/dt=d3/f.parquet",
                                                1,
                                                1,
                                                Map.of("dt", "d3")))
                                .isEmpty())
                .isTrue();
        // a key of partition parts only: every row of a matching file matches
        assertThat(
                        KeyBatch.of(
                                        table(4),
                                        List.of(GenericRowData.of(StringData.fromString("d1"))))
                                .dataPredicate())
                .isNull();
    }
}
