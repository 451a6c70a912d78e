package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.schema.FlinkToParquetSchema;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;

class ColumnChunkEncoderTest {

    @Test
    void leafSchemaKeepsOnlyThePathAndItsLevels() {
        RowType rowType =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("a", DataTypes.INT()),
                                        DataTypes.FIELD(
                                                "m",
                                                DataTypes.MAP(
                                                        DataTypes.STRING(),
                                                        DataTypes.ARRAY(
                                                                DataTypes.ROW(
                                                                        DataTypes.FIELD(
                                                                                "x",
                                                                                DataTypes
                                                                                        .INT()))))))
                                .getLogicalType();
        MessageType file = FlinkToParquetSchema.toParquet(rowType);
        for (ColumnDescriptor column : file.getColumns()) {
            MessageType leaf = ColumnChunkEncoder.leafSchema(file, column.getPath());
            assertThat(leaf.getColumns()).hasSize(1);
            ColumnDescriptor only = leaf.getColumns().get(0);
            assertThat(only.getPath()).containsExactly(column.getPath());
            assertThat(only.getMaxDefinitionLevel()).isEqualTo(column.getMaxDefinitionLevel());
            assertThat(only.getMaxRepetitionLevel()).isEqualTo(column.getMaxRepetitionLevel());
            assertThat(only.getPrimitiveType()).isEqualTo(column.getPrimitiveType());
        }
    }

    @Test
    void bloomFilterSizeIsAPowerOfTwoBetween32BytesAnd1MiB() {
        assertThat(ColumnChunkEncoder.bloomFilterBytes(new BloomFilterSpec(1, 0.5))).isEqualTo(32);
        assertThat(ColumnChunkEncoder.bloomFilterBytes(new BloomFilterSpec(100_000, 0.01)))
                .isEqualTo(131_072);
        assertThat(ColumnChunkEncoder.bloomFilterBytes(new BloomFilterSpec(1L << 40, 0.001)))
                .isEqualTo(1 << 20);
    }
}
