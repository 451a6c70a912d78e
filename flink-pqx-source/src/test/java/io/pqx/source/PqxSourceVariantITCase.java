package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Predicates on a field of a shredded VARIANT column through the source (enumerator pruning, reader
 * pruning, late materialization): the rows emitted are those on which the predicate is TRUE under
 * the Variant field semantics, whatever the field holds (a BIGINT, a string, nothing) and whether
 * the variant is an object at all.
 */
class PqxSourceVariantITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()))
                            .getLogicalType();

    @TempDir Path dir;

    private static String doc(int k) {
        if (k % 100 == 11) {
            return null;
        }
        if (k % 50 == 9) {
            return "\"not an object " + k + "\"";
        }
        String user =
                k % 10 == 7
                        ? ""
                        : k % 10 == 3 ? "\"user_id\": \"" + k + "\", " : "\"user_id\": " + k + ", ";
        return "{" + user + "\"extra\": " + k + "}";
    }

    private static boolean typedUser(int k) {
        return doc(k) != null && k % 50 != 9 && k % 10 != 7 && k % 10 != 3;
    }

    private static boolean missingUser(int k) {
        return doc(k) == null || k % 50 == 9 || k % 10 == 7;
    }

    private List<Integer> read(Predicate p) throws Exception {
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TYPE)
                        .project("id")
                        .predicate(p)
                        .build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        List<Integer> got = new ArrayList<>();
        try (var it =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                        .executeAndCollect()) {
            it.forEachRemaining(row -> got.add(row.getInt(0)));
        }
        return got;
    }

    private static List<Integer> expected(IntPredicate keep) {
        List<Integer> out = new ArrayList<>();
        for (int k = 0; k < 1000; k++) {
            if (keep.test(k)) {
                out.add(k);
            }
        }
        return out;
    }

    @Test
    void emitsTheRowsWhereTheFieldPredicateIsTrue() throws Exception {
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(100)
                        .pageRowLimit(20)
                        .variantShredding(
                                "v",
                                DataTypes.ROW(DataTypes.FIELD("user_id", DataTypes.BIGINT()))
                                        .getLogicalType())
                        .build();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .create(
                                new org.apache.flink.core.fs.Path(
                                        dir.resolve("part-0.parquet").toUri()))) {
            for (int k = 0; k < 1000; k++) {
                String json = doc(k);
                writer.write(
                        GenericRowData.of(
                                k,
                                json == null
                                        ? null
                                        : BinaryVariantInternalBuilder.parseJson(json, false)));
            }
            writer.finish();
        }
        assertThat(read(Predicates.equal("v.user_id", 150))).containsExactly(150);
        assertThat(read(Predicates.equal("v.user_id", 153))).isEmpty(); // a string "153"
        assertThat(read(Predicates.equal("v.user_id", "153"))).containsExactly(153);
        assertThat(read(Predicates.lessThan("v.user_id", 120L)))
                .containsExactlyInAnyOrderElementsOf(expected(k -> k < 120 && typedUser(k)));
        assertThat(read(Predicates.isNull("v.user_id")))
                .containsExactlyInAnyOrderElementsOf(expected(PqxSourceVariantITCase::missingUser));
        assertThat(read(Predicates.not(Predicates.greaterOrEqual("v.user_id", 900))))
                .containsExactlyInAnyOrderElementsOf(expected(k -> k < 900 && typedUser(k)));
    }
}
