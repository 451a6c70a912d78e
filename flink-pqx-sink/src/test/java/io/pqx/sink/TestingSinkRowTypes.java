package io.pqx.sink;

import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/** Row types the sink's tests share. */
public final class TestingSinkRowTypes {
    /** {@code ROW<id BIGINT NOT NULL>}. */
    public static final RowType ONE_COLUMN =
            RowType.of(new LogicalType[] {new BigIntType(false)}, new String[] {"id"});

    /** {@code ROW<id BIGINT NOT NULL, payload STRING>}. */
    public static final RowType ID_PAYLOAD =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false), new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "payload"});

    /** {@code ROW<id BIGINT NOT NULL, payload STRING, part INT NOT NULL>}. */
    public static final RowType ID_PAYLOAD_PART =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new IntType(false)
                    },
                    new String[] {"id", "payload", "part"});

    private TestingSinkRowTypes() {}
}
