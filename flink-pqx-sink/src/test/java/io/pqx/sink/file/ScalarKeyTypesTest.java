package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;
import org.junit.jupiter.api.Test;

class ScalarKeyTypesTest {

    @Test
    void acceptsTypesWithNaturalOrderAndStableText() {
        List<DataType> keys =
                List.of(
                        DataTypes.BOOLEAN(),
                        DataTypes.TINYINT(),
                        DataTypes.SMALLINT(),
                        DataTypes.INT(),
                        DataTypes.BIGINT().notNull(),
                        DataTypes.FLOAT(),
                        DataTypes.DOUBLE(),
                        DataTypes.DECIMAL(10, 2),
                        DataTypes.CHAR(3),
                        DataTypes.STRING(),
                        DataTypes.DATE(),
                        DataTypes.TIME(3),
                        DataTypes.TIMESTAMP(6),
                        DataTypes.TIMESTAMP_LTZ(3));
        for (DataType key : keys) {
            assertThat(ScalarKeyTypes.isScalarKey(key.getLogicalType()))
                    .as(key.toString())
                    .isTrue();
        }
    }

    @Test
    void refusesBytesCollectionsAndRows() {
        List<DataType> notKeys =
                List.of(
                        DataTypes.BYTES(),
                        DataTypes.BINARY(4),
                        DataTypes.ARRAY(DataTypes.INT()),
                        DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()),
                        DataTypes.MULTISET(DataTypes.STRING()),
                        DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT())));
        for (DataType notKey : notKeys) {
            assertThat(ScalarKeyTypes.isScalarKey(notKey.getLogicalType()))
                    .as(notKey.toString())
                    .isFalse();
        }
    }
}
