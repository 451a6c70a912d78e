package io.pqx.format.prune;

import static io.pqx.format.predicate.Predicates.and;
import static io.pqx.format.predicate.Predicates.equal;
import static io.pqx.format.predicate.Predicates.greaterThan;
import static io.pqx.format.predicate.Predicates.in;
import static io.pqx.format.predicate.Predicates.not;
import static io.pqx.format.predicate.Predicates.notEqual;
import static io.pqx.format.predicate.Predicates.or;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.metadata.BloomFilterView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.SlotValues;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bloom-filter pruner on a file pqx writes with filters on {@code k} (INT, multiples of 3),
 * {@code l} (BIGINT, multiples of 7, with nulls), {@code day} (DATE), {@code s} (STRING) and {@code
 * d} (DOUBLE, never probed), and none on {@code x}.
 */
class BloomFilterPrunerTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("k", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("l", DataTypes.BIGINT()),
                                    DataTypes.FIELD("day", DataTypes.DATE()),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                    DataTypes.FIELD("x", DataTypes.INT()))
                            .getLogicalType();
    private static final int ROWS = 1000;
    private static final LocalDate EPOCH = LocalDate.of(2020, 1, 1);

    private ParquetReader reader;
    private RowGroupView group;
    private final List<Integer> loaded = new ArrayList<>();

    @BeforeEach
    void open() throws IOException {
        WriteOptions.Builder options = WriteOptions.builder();
        for (String column : List.of("k", "l", "day", "s", "d")) {
            options.bloomFilter(column, new BloomFilterSpec(ROWS, 0.01));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE).options(options.build()).open(out, "mem://bloom")) {
            for (int k = 0; k < ROWS; k++) {
                GenericRowData row = new GenericRowData(6);
                row.setField(0, 3 * k);
                row.setField(1, k % 10 == 0 ? null : 7L * k);
                row.setField(2, (int) EPOCH.plusDays(2L * k).toEpochDay());
                row.setField(3, StringData.fromString("s" + (2 * k)));
                row.setField(4, 1.5 * k);
                row.setField(5, k);
                writer.write(row);
            }
            writer.finish();
        }
        reader =
                ParquetReader.open(
                        new ByteArrayInputFile("bloom", out.toByteArray()), ReadOptions.defaults());
        group = reader.metadata().rowGroups().get(0);
    }

    @AfterEach
    void close() throws IOException {
        reader.close();
    }

    private BloomFilterSource source() {
        return (rowGroup, leaf) -> {
            loaded.add(leaf);
            return reader.bloomFilterSource().bloomFilter(rowGroup, leaf);
        };
    }

    private RowGroupAccess prune(Predicate p) throws IOException {
        PruningCounters counters = new PruningCounters();
        RowGroupAccess access =
                BloomFilterPruner.create(p, reader.schema().fields(), source())
                        .prune(group, RowGroupAccess.scan(ROWS), SlotValues.none(), counters);
        assertThat(counters.failures()).as("failures for " + p).isZero();
        return access;
    }

    /** The values in [from, ...) that the data does not hold and the filter of leaf denies. */
    private List<Long> absent(int leaf, long from, LongPredicate inData, int count)
            throws IOException {
        BloomFilterView filter = ParquetInspector.of(reader).readBloomFilter(0, leaf).orElseThrow();
        List<Long> out = new ArrayList<>();
        for (long v = from; out.size() < count; v++) {
            boolean denied =
                    leaf == 0 || leaf == 2
                            ? !filter.mightContain((int) v)
                            : leaf == 1 ? !filter.mightContain(v) : !filter.mightContain("s" + v);
            if (!inData.test(v) && denied) {
                out.add(v);
            }
        }
        return out;
    }

    @Test
    void equalityToADeniedValueSkips() throws IOException {
        List<Long> missing = absent(0, 100, v -> v % 3 == 0, 2);
        int a = missing.get(0).intValue();
        int b = missing.get(1).intValue();
        assertThat(prune(equal("k", a))).isEqualTo(RowGroupAccess.skip(ROWS));
        assertThat(prune(equal("k", 300))).isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(prune(in("k", a, b))).isEqualTo(RowGroupAccess.skip(ROWS));
        assertThat(prune(in("k", a, 300))).isEqualTo(RowGroupAccess.scan(ROWS));
        // k is NOT NULL: no row can be other than different from a denied value
        assertThat(prune(notEqual("k", a))).isEqualTo(RowGroupAccess.allMatch(ROWS));
        assertThat(prune(not(equal("k", a)))).isEqualTo(RowGroupAccess.allMatch(ROWS));
        assertThat(prune(or(equal("k", a), greaterThan("x", 5))))
                .isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(prune(and(equal("k", a), greaterThan("x", 5))))
                .isEqualTo(RowGroupAccess.skip(ROWS));
    }

    @Test
    void probesBigintDateAndStringColumns() throws IOException {
        long l = absent(1, 100, v -> v % 7 == 0, 1).get(0);
        assertThat(prune(equal("l", l))).isEqualTo(RowGroupAccess.skip(ROWS));
        // l has nulls: l <> c is UNKNOWN on them
        assertThat(prune(notEqual("l", l))).isEqualTo(RowGroupAccess.scan(ROWS));
        long day =
                absent(2, EPOCH.toEpochDay() + 10, v -> (v - EPOCH.toEpochDay()) % 2 == 0, 1)
                        .get(0);
        assertThat(prune(equal("day", LocalDate.ofEpochDay(day))))
                .isEqualTo(RowGroupAccess.skip(ROWS));
        long s = absent(3, 100, v -> v % 2 == 0, 1).get(0);
        assertThat(prune(equal("s", "s" + s))).isEqualTo(RowGroupAccess.skip(ROWS));
        assertThat(prune(equal("s", "s200"))).isEqualTo(RowGroupAccess.scan(ROWS));
    }

    @Test
    void loadsOnlyFiltersOfProbeableEqualityColumnsOfUndecidedRowGroups() throws IOException {
        prune(greaterThan("k", 5));
        prune(equal("d", 1.5));
        prune(equal("x", 12));
        assertThat(loaded).isEmpty();
        BloomFilterPruner pruner =
                BloomFilterPruner.create(equal("k", 4), reader.schema().fields(), source());
        pruner.prune(group, RowGroupAccess.skip(ROWS), SlotValues.none(), PruningListener.NONE);
        pruner.prune(group, RowGroupAccess.allMatch(ROWS), SlotValues.none(), PruningListener.NONE);
        assertThat(loaded).isEmpty();
        prune(and(equal("k", 4), equal("k", 5), equal("s", "a")));
        assertThat(loaded).containsExactly(0, 3); // each filter once
    }

    @Test
    void aFilterThatCannotBeReadKeepsTheDataAndCountsAFailure() throws IOException {
        PruningCounters counters = new PruningCounters();
        BloomFilterPruner pruner =
                BloomFilterPruner.create(
                        equal("k", 4),
                        reader.schema().fields(),
                        (rowGroup, leaf) -> {
                            throw new CorruptFileException("Cannot read bloom filter: test");
                        });
        assertThat(pruner.prune(group, RowGroupAccess.scan(ROWS), SlotValues.none(), counters))
                .isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(counters.failures(BloomFilterPruner.EVIDENCE)).isEqualTo(1);
    }
}
