package io.pqx.source.flinkapifixture;

import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.utils.TypeConversions;

/** A fixture of the Flink API rule: uses an {@code @Internal} Flink class no group allows. */
public final class UsesInternalTypeConversions {
    private UsesInternalTypeConversions() {}

    public static DataType intType() {
        return TypeConversions.fromLogicalToDataType(new IntType());
    }
}
