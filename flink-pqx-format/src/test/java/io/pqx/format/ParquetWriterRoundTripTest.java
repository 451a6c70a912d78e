package io.pqx.format;

import io.pqx.format.options.WriteOptions;
import io.pqx.format.options.PageVersion;


import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Files pqx writes, read back by parquet-java, hold the values written: every flat type, nested
 * types to depth 3 with nulls and empty collections everywhere, with every codec and both page
 * versions.
 */
class ParquetWriterRoundTripTest {
    @TempDir Path dir;

    static final RowType FLAT = (RowType) DataTypes.ROW(
            DataTypes.FIELD("b", DataTypes.BOOLEAN()),
            DataTypes.FIELD("ti", DataTypes.TINYINT()),
            DataTypes.FIELD("si", DataTypes.SMALLINT().notNull()),
            DataTypes.FIELD("i", DataTypes.INT()),
            DataTypes.FIELD("l", DataTypes.BIGINT().notNull()),
            DataTypes.FIELD("f", DataTypes.FLOAT()),
            DataTypes.FIELD("d", DataTypes.DOUBLE()),
            DataTypes.FIELD("dec9", DataTypes.DECIMAL(9, 2)),
            DataTypes.FIELD("dec18", DataTypes.DECIMAL(18, 6).notNull()),
            DataTypes.FIELD("dec38", DataTypes.DECIMAL(38, 10)),
            DataTypes.FIELD("dec20", DataTypes.DECIMAL(20, 0)),
            DataTypes.FIELD("c", DataTypes.CHAR(3)),
            DataTypes.FIELD("s", DataTypes.STRING()),
            DataTypes.FIELD("bin", DataTypes.BINARY(4)),
            DataTypes.FIELD("vb", DataTypes.BYTES()),
            DataTypes.FIELD("day", DataTypes.DATE()),
            DataTypes.FIELD("t", DataTypes.TIME(3)),
            DataTypes.FIELD("ts3", DataTypes.TIMESTAMP(3)),
            DataTypes.FIELD("ts6", DataTypes.TIMESTAMP(6).notNull()),
            DataTypes.FIELD("ts9", DataTypes.TIMESTAMP(9)),
            DataTypes.FIELD("ltz3", DataTypes.TIMESTAMP_LTZ(3)),
            DataTypes.FIELD("ltz6", DataTypes.TIMESTAMP_LTZ(6)),
            DataTypes.FIELD("ltz9", DataTypes.TIMESTAMP_LTZ(9)))
            .getLogicalType();

    static final RowType NESTED = (RowType) DataTypes.ROW(
            DataTypes.FIELD("id", DataTypes.INT().notNull()),
            DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
            DataTypes.FIELD("matrix", DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.ARRAY(
                    DataTypes.BIGINT())))),
            DataTypes.FIELD("m", DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(
                    DataTypes.ROW(DataTypes.FIELD("x", DataTypes.INT()),
                            DataTypes.FIELD("y", DataTypes.DECIMAL(25, 3)))))),
            DataTypes.FIELD("ms", DataTypes.MULTISET(DataTypes.STRING())),
            DataTypes.FIELD("r", DataTypes.ROW(
                    DataTypes.FIELD("a", DataTypes.ROW(
                            DataTypes.FIELD("b", DataTypes.ROW(
                                    DataTypes.FIELD("c", DataTypes.TIMESTAMP(9)),
                                    DataTypes.FIELD("d", DataTypes.MAP(DataTypes.INT(),
                                            DataTypes.BOOLEAN().notNull())))),
                            DataTypes.FIELD("e", DataTypes.ARRAY(DataTypes.DATE().notNull())))),
                    DataTypes.FIELD("f", DataTypes.BYTES().notNull())).notNull()))
            .getLogicalType();

    static Stream<Arguments> layouts() {
        List<Arguments> out = new ArrayList<>();
        for (CompressionCodecName codec : List.of(CompressionCodecName.UNCOMPRESSED,
                CompressionCodecName.SNAPPY, CompressionCodecName.GZIP, CompressionCodecName.ZSTD,
                CompressionCodecName.LZ4_RAW)) {
            for (PageVersion version : PageVersion.values()) {
                out.add(Arguments.of(codec, version));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("layouts")
    void parquetJavaReadsEveryFlatTypeBack(CompressionCodecName codec, PageVersion version)
            throws Exception {
        assertRoundTrip(FLAT, codec, version, 1);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("layouts")
    void parquetJavaReadsNestedTypesBack(CompressionCodecName codec, PageVersion version)
            throws Exception {
        assertRoundTrip(NESTED, codec, version, 2);
    }

    private void assertRoundTrip(RowType type, CompressionCodecName codec, PageVersion version,
            long seed) throws Exception {
        List<RowData> rows = new RandomRows(seed).rows(type, 3000);
        WriteOptions options = WriteOptions.builder()
                .codec(codec)
                .pageVersion(version)
                .pageRowLimit(700) // several pages per chunk
                .rowGroupRows(1200) // several row groups, the last one shorter
                .pageChecksums(true)
                .build();
        Path file = dir.resolve(codec + "-" + version + ".parquet");
        TestingWriters.write(file, type, options, rows);

        List<Map<String, Object>> read = ParquetJavaFiles.readRows(file);
        assertThat(read).hasSize(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            assertThat(read.get(i)).as("row %d", i).isEqualTo(FlinkRows.toJava(rows.get(i), type));
        }
        assertThat(ParquetJavaFiles.footer(file).getBlocks()).hasSize(3);
    }

}
