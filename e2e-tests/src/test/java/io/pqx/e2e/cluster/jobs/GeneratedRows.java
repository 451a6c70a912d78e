package io.pqx.e2e.cluster.jobs;

import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * The rows of the cluster tests' generated jobs: row {@code i} is {@code (id i, part i mod PARTS,
 * payload)}, the payload hex digits derived from {@code i}. A pure function of {@code i}: a
 * restored source generates exactly the rows it would have, so a committed row set can be checked
 * against {@code 0..n-1}.
 *
 * <p>Built into the job graph by the test JVM, run by the cluster's TaskManagers: it reaches them
 * only through the job jar (the module {@code e2e-tests/cluster-job} compiles this package into
 * it), like any user function.
 */
public final class GeneratedRows implements GeneratorFunction<Long, RowData> {
    private static final long serialVersionUID = 1L;

    /** Partitions: {@code part} takes the values {@code 0..PARTS-1}. */
    public static final int PARTS = 4;

    /** {@code ROW<id BIGINT NOT NULL, part INT NOT NULL, payload STRING>}. */
    public static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new IntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "part", "payload"});

    @Override
    public RowData map(Long i) {
        return GenericRowData.of(i, (int) (i % PARTS), StringData.fromString(payload(i)));
    }

    /**
     * The payload of row {@code i}: about 48 hex digits that barely compress, so that the sink's
     * files reach their rolling size while a job runs.
     */
    public static String payload(long i) {
        return Long.toHexString(i * 0x9E3779B97F4A7C15L)
                + Long.toHexString(i * 0xC2B2AE3D27D4EB4FL)
                + Long.toHexString(i * 0x165667B19E3779F9L);
    }
}
