package io.pqx.format.prune;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetScan;
import io.pqx.format.ParquetWriter;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.CompareOp;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.junit.jupiter.api.Test;

/**
 * Pruning on shredded VARIANT fields, on files pqx writes with {@code v} shredded as {@code
 * ROW<user_id BIGINT, name STRING, flag BOOLEAN>}: the typed column's statistics and page index
 * skip data only where the field's own {@code value} column is all null; and against brute force on
 * random documents, pruned reads return the rows unpruned reads do.
 */
class VariantFieldPruningTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()))
                            .getLogicalType();
    private static final LogicalType SHREDDING =
            DataTypes.ROW(
                            DataTypes.FIELD("user_id", DataTypes.BIGINT()),
                            DataTypes.FIELD("name", DataTypes.STRING()),
                            DataTypes.FIELD("flag", DataTypes.BOOLEAN()))
                    .getLogicalType();

    private static WriteOptions.Builder shredded() {
        return WriteOptions.builder().variantShredding("v", SHREDDING);
    }

    private static RowData row(int id, String json) {
        try {
            return GenericRowData.of(
                    id, json == null ? null : BinaryVariantInternalBuilder.parseJson(json, false));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ParquetReader open(WriteOptions options, int rows, IntFunction<String> json)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE).options(options).open(out, "mem://variant")) {
            for (int k = 0; k < rows; k++) {
                writer.write(row(k, json.apply(k)));
            }
            writer.finish();
        }
        return ParquetReader.open(
                new ByteArrayInputFile("variant", out.toByteArray()), ReadOptions.defaults());
    }

    private static Verdict verdict(ParquetReader reader, Predicate p) {
        PruningCounters counters = new PruningCounters();
        RowGroupView group = reader.metadata().rowGroups().get(0);
        Verdict v =
                StatisticsPruner.create(p, reader.schema().fields())
                        .verdict(group, SlotValues.none(), counters);
        assertThat(counters.failures()).as("failures for " + p).isZero();
        return v;
    }

    private static String user(int k) {
        return "{\"user_id\": " + (1000 + k) + ", \"name\": \"n" + k + "\", \"extra\": " + k + "}";
    }

    @Test
    void typedStatisticsPruneWhenTheFieldsValueColumnIsAllNull() throws IOException {
        // non-objects and SQL nulls sit in v.value alone: by the spec they never hold user_id
        try (ParquetReader reader =
                open(
                        shredded().build(),
                        100,
                        k -> k % 10 == 9 ? null : k % 10 == 8 ? "\"not an object\"" : user(k))) {
            assertThat(verdict(reader, Predicates.equal("v.user_id", 5)))
                    .isEqualTo(Verdict.NONE_MATCH);
            assertThat(verdict(reader, Predicates.greaterThan("v.user_id", 2000L)))
                    .isEqualTo(Verdict.NONE_MATCH);
            assertThat(verdict(reader, Predicates.in("v.user_id", 1, 2, 3)))
                    .isEqualTo(Verdict.NONE_MATCH);
            assertThat(verdict(reader, Predicates.equal("v.name", "zzz")))
                    .isEqualTo(Verdict.NONE_MATCH);
            // no row has flag, in either column
            assertThat(verdict(reader, Predicates.isNotNull("v.flag")))
                    .isEqualTo(Verdict.NONE_MATCH);
            assertThat(verdict(reader, Predicates.equal("v.user_id", 1005)))
                    .isEqualTo(Verdict.SOME_MAY_MATCH);
        }
    }

    @Test
    void aValueInTheFieldsValueColumnKeepsTheRowGroup() throws IOException {
        try (ParquetReader reader =
                open(
                        shredded().build(),
                        100,
                        k ->
                                k == 50
                                        ? "{\"user_id\": \"five\"}"
                                        : k == 60 ? "{\"user_id\": 5.5}" : user(k))) {
            assertThat(verdict(reader, Predicates.equal("v.user_id", 5)))
                    .isEqualTo(Verdict.SOME_MAY_MATCH);
            assertThat(verdict(reader, Predicates.isNotNull("v.flag")))
                    .isEqualTo(Verdict.NONE_MATCH);
        }
    }

    @Test
    void missingEvidenceOrAnUncomparableLiteralKeepsTheRowGroup() throws IOException {
        try (ParquetReader reader =
                open(
                        shredded().statisticsEnabled(false).build(),
                        100,
                        VariantFieldPruningTest::user)) {
            assertThat(verdict(reader, Predicates.equal("v.user_id", 5)))
                    .isEqualTo(Verdict.SOME_MAY_MATCH);
        }
        try (ParquetReader reader =
                open(WriteOptions.defaults(), 100, VariantFieldPruningTest::user)) {
            assertThat(verdict(reader, Predicates.equal("v.user_id", 5)))
                    .isEqualTo(Verdict.SOME_MAY_MATCH);
        }
        try (ParquetReader reader = open(shredded().build(), 100, VariantFieldPruningTest::user)) {
            // not shredded
            assertThat(verdict(reader, Predicates.equal("v.extra", 5000)))
                    .isEqualTo(Verdict.SOME_MAY_MATCH);
            // a string or a fraction never equals a BIGINT typed value, but proves nothing here
            assertThat(verdict(reader, Predicates.equal("v.user_id", "5")))
                    .isEqualTo(Verdict.SOME_MAY_MATCH);
            assertThat(verdict(reader, Predicates.equal("v.user_id", new BigDecimal("5.5"))))
                    .isEqualTo(Verdict.SOME_MAY_MATCH);
            // every row has a typed user_id
            assertThat(verdict(reader, Predicates.isNull("v.user_id")))
                    .isEqualTo(Verdict.NONE_MATCH);
            assertThat(verdict(reader, Predicates.equal("v.user_id", 5)))
                    .isEqualTo(Verdict.NONE_MATCH);
        }
    }

    @Test
    void thePageIndexSkipsPagesWhoseFieldValuePagesAreAllNull() throws IOException {
        // rows 500..549 hold a string user_id: their page of the value column is not all null
        try (ParquetReader reader =
                open(
                        shredded().pageRowLimit(50).build(),
                        1000,
                        k -> k == 520 ? "{\"user_id\": \"x\"}" : user(k))) {
            RowGroupView group = reader.metadata().rowGroups().get(0);
            PageIndexSource source =
                    reader.pageIndexSource(
                            new ArrayList<>(
                                    PageIndexPruner.leafIndexes(
                                            Predicates.equal("v.user_id", 0),
                                            reader.schema().fields())));
            PruningCounters counters = new PruningCounters();
            RowGroupAccess access =
                    PageIndexPruner.create(
                                    Predicates.lessThan("v.user_id", 1100L),
                                    reader.schema().fields(),
                                    source)
                            .prune(group, RowGroupAccess.scan(1000), SlotValues.none(), counters);
            assertThat(counters.failures()).isZero();
            assertThat(access)
                    .isEqualTo(
                            RowGroupAccess.select(
                                    RowSelection.of(new long[] {0, 500}, new long[] {100, 550}),
                                    1000));
            assertThat(counters.pagesPruned(PageIndexPruner.EVIDENCE)).isPositive();
        }
    }

    // ---- differential ----------------------------------------------------------------------

    private static final long BIG = 1_000_000;

    private static String randomDoc(Random r, int k) {
        int kind = r.nextInt(100);
        if (kind < 4) {
            return null;
        }
        if (kind < 8) {
            return r.nextBoolean() ? "\"str" + k + "\"" : "[" + k + "]";
        }
        if (kind < 10) {
            return "null";
        }
        // clustered by row so that statistics can prune: user_id grows with k
        StringBuilder sb = new StringBuilder("{");
        List<String> fields = new ArrayList<>();
        int uid = k + r.nextInt(20);
        // mismatches cluster in a few row groups so that other groups stay prunable
        boolean messy = (k / 200) % 4 == 1;
        int u = r.nextInt(100);
        if (u < 80) {
            fields.add("\"user_id\": " + uid);
        } else if (u < 95 && messy) {
            // in the value column: a string or a variant null (never comparable), or a decimal
            // far above the typed values (comparable: only the value column's nulls rule it out)
            fields.add(
                    "\"user_id\": "
                            + switch (r.nextInt(3)) {
                                case 0 -> "\"" + uid + "\"";
                                case 1 -> "null";
                                default -> (BIG + uid) + ".5";
                            });
        }
        int n = r.nextInt(100);
        if (n < 70) {
            fields.add("\"name\": \"n" + String.format("%05d", k + r.nextInt(30)) + "\"");
        } else if (n < 80 && messy) {
            fields.add("\"name\": " + k);
        }
        if (r.nextInt(3) == 0) {
            fields.add("\"flag\": " + (k % 400 < 200));
        }
        if (r.nextBoolean()) {
            fields.add("\"extra\": " + r.nextInt(50));
        }
        sb.append(String.join(", ", fields)).append('}');
        return sb.toString();
    }

    private static Predicate randomPredicate(Random r, int rows) {
        int pick = r.nextInt(12);
        if (pick >= 10) {
            // NOT and a combination with another column: an all-match row group skips the row
            // filter
            Predicate inner = randomPredicate(r, rows);
            return pick == 10
                    ? Predicates.not(inner)
                    : Predicates.and(inner, Predicates.lessThan("id", r.nextInt(rows)));
        }
        CompareOp op = CompareOp.values()[r.nextInt(CompareOp.values().length)];
        return switch (pick) {
            case 0, 1, 2 ->
                    Predicates.compare(
                            ColumnRef.parse("v.user_id"), op, (long) r.nextInt(rows + 50));
            case 3 -> Predicates.compare(ColumnRef.parse("v.user_id"), op, r.nextInt(rows));
            case 4 ->
                    Predicates.compare(
                            ColumnRef.parse("v.name"),
                            op,
                            "n" + String.format("%05d", r.nextInt(rows)));
            case 5 ->
                    Predicates.in(
                            "v.user_id", r.nextInt(rows), r.nextInt(rows), (long) r.nextInt(rows));
            case 6 ->
                    r.nextBoolean()
                            ? Predicates.isNull("v.user_id")
                            : Predicates.isNotNull("v.name");
            case 7 -> Predicates.equal("v.flag", r.nextBoolean());
            case 8 ->
                    Predicates.and(
                            Predicates.greaterOrEqual("v.user_id", r.nextInt(rows)),
                            Predicates.lessThan("v.user_id", r.nextInt(rows)));
            default ->
                    Predicates.or(
                            Predicates.lessThan("v.user_id", r.nextInt(rows)),
                            Predicates.isNull("v.user_id"));
        };
    }

    /** The ids of the rows of {@code batches} that {@code bound} keeps, checking its batch mask. */
    private static List<Integer> kept(BatchIterator batches, BoundPredicate bound)
            throws IOException {
        List<Integer> ids = new ArrayList<>();
        try (batches) {
            while (batches.hasNext()) {
                ParquetBatch b = batches.next();
                boolean[] mask = bound.mask(b.columnBatch(), SlotValues.none());
                for (int i = 0; i < b.numRows(); i++) {
                    RowData row = new ColumnarRowData(b.columnBatch(), i);
                    boolean keep = bound.test(row, SlotValues.none());
                    assertThat(mask[i]).as("mask of row " + row.getInt(0)).isEqualTo(keep);
                    if (keep) {
                        ids.add(row.getInt(0));
                    }
                }
            }
        }
        return ids;
    }

    @Test
    void prunedReadsReturnTheRowsOfUnprunedReads() throws IOException {
        long seed = Long.getLong("pqx.test.seed", System.nanoTime());
        Random r = new Random(seed);
        int rows = 3000;
        String[] docs = new String[rows];
        for (int k = 0; k < rows; k++) {
            docs[k] = randomDoc(r, k);
        }
        long skipped = 0;
        long pages = 0;
        try (ParquetReader reader =
                open(shredded().rowGroupRows(200).pageRowLimit(25).build(), rows, k -> docs[k])) {
            assertThat(reader.metadata().rowGroups()).hasSizeGreaterThan(10);
            List<Integer> leaves =
                    reader.schema().fields().stream()
                            .flatMap(f -> f.leaves().stream())
                            .map(LeafColumnView::leafIndex)
                            .toList();
            PageIndexSource source = reader.pageIndexSource(leaves);
            for (int round = 0; round < 30; round++) {
                Predicate p = randomPredicate(r, rows);
                String context = "seed " + seed + ", " + p;
                BoundPredicate bound =
                        BoundPredicate.bind(p, ColumnResolver.of(reader.schema().fields()));
                List<Integer> all =
                        kept(ParquetScan.builder(reader, reader.schema()).build(), bound);
                PruningCounters counters = new PruningCounters();
                List<Integer> pruned =
                        kept(
                                ParquetScan.builder(reader, reader.schema())
                                        .pruneWith(
                                                StatisticsPruner.create(
                                                        p, reader.schema().fields()),
                                                SlotValues.none(),
                                                counters)
                                        .pruneWith(
                                                PageIndexPruner.create(
                                                        p, reader.schema().fields(), source),
                                                SlotValues.none(),
                                                counters)
                                        .build(),
                                bound);
                assertThat(counters.failures()).as(context).isZero();
                assertThat(pruned).as(context).isEqualTo(all);
                skipped += counters.skipped(StatisticsPruner.EVIDENCE);
                pages += counters.pagesPruned(PageIndexPruner.EVIDENCE);
            }
        }
        assertThat(skipped).as("row groups skipped, seed " + seed).isPositive();
        assertThat(pages).as("pages skipped, seed " + seed).isPositive();
    }
}
