package io.pqx.e2e.testframe;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * The record of the connector testing framework's suites against pqx: a Flink POJO that both pqx's
 * POJO source and POJO sink map by column name ({@code id BIGINT NOT NULL, name STRING, amount
 * DOUBLE NOT NULL}), comparable and equal by value, as the framework's checks need, and
 * serializable (the framework's sources hold their records).
 */
public final class TestRecord implements Comparable<TestRecord>, Serializable {
    private static final long serialVersionUID = 1L;

    /** The Parquet schema the records are written and read with. */
    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new DoubleType(false)
                    },
                    new String[] {"id", "name", "amount"});

    private static final Comparator<String> NAMES =
            Comparator.nullsFirst(Comparator.naturalOrder());

    public long id;
    public String name;
    public double amount;

    public TestRecord() {}

    TestRecord(long id, String name, double amount) {
        this.id = id;
        this.name = name;
        this.amount = amount;
    }

    /**
     * {@code count} records with ids from {@code firstId} on, their other values from {@code seed}.
     */
    static List<TestRecord> generate(long firstId, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<TestRecord> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = random.nextInt(8) == 0 ? null : "name-" + random.nextInt(1_000_000);
            records.add(new TestRecord(firstId + i, name, random.nextInt(100_000) / 100.0));
        }
        return records;
    }

    /** The record as a row of {@link #TYPE}. */
    RowData toRow() {
        return GenericRowData.of(id, name == null ? null : StringData.fromString(name), amount);
    }

    @Override
    public int compareTo(TestRecord other) {
        int byId = Long.compare(id, other.id);
        if (byId != 0) {
            return byId;
        }
        int byName = NAMES.compare(name, other.name);
        return byName != 0 ? byName : Double.compare(amount, other.amount);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TestRecord r
                && r.id == id
                && Objects.equals(r.name, name)
                && Double.compare(r.amount, amount) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, amount);
    }

    @Override
    public String toString() {
        return "TestRecord{" + id + ", " + name + ", " + amount + "}";
    }
}
