package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every Flink type pqx writes reads back equal, with pqx's own writer and reader. */
class RoundTripReaderTest {
    static final RowType TYPE =
            (RowType)
                    LogicalTypeParser.parse(
                            "ROW<"
                                    + "b BOOLEAN, b_nn BOOLEAN NOT NULL, t TINYINT, s SMALLINT, i INT, i_nn INT NOT NULL,"
                                    + " l BIGINT, f FLOAT, d DOUBLE, dec5 DECIMAL(5, 2), dec18 DECIMAL(18, 6),"
                                    + " dec38 DECIMAL(38, 9), dec20 DECIMAL(20, 0) NOT NULL, c CHAR(5), v STRING,"
                                    + " v_nn VARCHAR(100) NOT NULL, bin BINARY(7), vb BYTES, dt DATE, tm TIME(3),"
                                    + " ts3 TIMESTAMP(3), ts6 TIMESTAMP(6), ts9 TIMESTAMP(9),"
                                    + " ltz3 TIMESTAMP_LTZ(3), ltz6 TIMESTAMP_LTZ(6), ltz9 TIMESTAMP_LTZ(9),"
                                    + " arr ARRAY<INT>, arr_nn ARRAY<STRING NOT NULL> NOT NULL,"
                                    + " m MAP<STRING, DOUBLE>, ms MULTISET<STRING>,"
                                    + " deep ROW<x INT, y ARRAY<ROW<z MAP<INT, ARRAY<DECIMAL(25, 3)>>, w BYTES>>,"
                                    + "   n ROW<q ARRAY<ARRAY<TIMESTAMP(6)>>>>,"
                                    + " r_nn ROW<a BIGINT NOT NULL, b STRING> NOT NULL>",
                            RoundTripReaderTest.class.getClassLoader());

    static Stream<Arguments> layouts() {
        List<Arguments> layouts = new ArrayList<>();
        for (Compression codec :
                new Compression[] {
                    Compression.UNCOMPRESSED,
                    Compression.SNAPPY,
                    Compression.GZIP,
                    Compression.ZSTD,
                    Compression.LZ4_RAW
                }) {
            for (PageVersion version : PageVersion.values()) {
                layouts.add(Arguments.of(codec, version, codec.ordinal() % 2 == 0));
            }
        }
        return layouts.stream();
    }

    @ParameterizedTest
    @MethodSource("layouts")
    void readsBackWhatPqxWrote(Compression codec, PageVersion version, boolean dictionary)
            throws Exception {
        WriteOptions options =
                WriteOptions.builder()
                        .codec(codec)
                        .pageVersion(version)
                        .dictionaryEnabled(dictionary)
                        .rowGroupRows(700)
                        .pageRowLimit(90)
                        .build();
        List<GenericRowData> written = new ArrayList<>();
        TestingRows rows = new TestingRows(codec.ordinal() * 10L + version.ordinal());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .open(new PositionOutputStream(bytes), "rt.parquet")) {
            for (int i = 0; i < 2000; i++) {
                GenericRowData row = rows.row(TYPE);
                written.add(row);
                writer.write(row);
            }
        }
        for (boolean declared : new boolean[] {true, false}) {
            ReadOptions readOptions =
                    ReadOptions.builder().useDeclaredSchema(declared).batchSize(333).build();
            List<List<Object>> read = new ArrayList<>();
            try (ParquetReader reader =
                            ParquetReader.open(
                                    new ByteArrayInputFile("rt.parquet", bytes.toByteArray()),
                                    readOptions);
                    CloseableIterator<RowData> it = reader.rows(reader.schema())) {
                assertThat(reader.metadata().rowGroups()).hasSize(3);
                if (declared) {
                    assertThat(reader.schema().rowType()).isEqualTo(TYPE);
                }
                while (it.hasNext()) {
                    read.add(TestingRowValues.of(it.next(), reader.schema().rowType()));
                }
            }
            assertThat(read).hasSize(written.size());
            for (int i = 0; i < written.size(); i++) {
                assertThat(read.get(i))
                        .as("row %d, declared schema %s", i, declared)
                        .isEqualTo(TestingRowValues.of(written.get(i), TYPE));
            }
        }
    }
}
