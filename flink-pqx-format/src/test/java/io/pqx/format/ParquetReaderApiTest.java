package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowSelection;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/**
 * The reader's surface besides decoding: schema, projection, arguments (inspection is {@link
 * ParquetInspectorTest}'s).
 */
class ParquetReaderApiTest {

    private static ParquetReader open(String name) throws IOException {
        Path file = TestingParquetFiles.data(name);
        return ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
    }

    @Test
    void projectsFieldsInTheOrderAsked() throws Exception {
        try (ParquetReader reader = open("alltypes_plain.parquet")) {
            List<Object> ids = new ArrayList<>();
            try (CloseableIterator<RowData> it =
                    reader.rows(reader.project(List.of("string_col", "id")))) {
                while (it.hasNext()) {
                    RowData row = it.next();
                    assertThat(row.getArity()).isEqualTo(2);
                    ids.add(row.getInt(1));
                }
            }
            assertThat(ids).containsExactly(4, 5, 6, 7, 2, 3, 0, 1);
        }
    }

    @Test
    void rejectsRowGroupsAndSelectionsThatDoNotExist() throws Exception {
        try (ParquetReader reader = open("alltypes_plain.parquet")) {
            String file = reader.metadata().location();
            assertThatThrownBy(() -> reader.readRowGroup(1, reader.schema(), RowSelection.all(1)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Cannot read row group 1: the file has 1 (" + file + ")");
            assertThatThrownBy(() -> reader.readRowGroup(0, reader.schema(), RowSelection.all(9)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Cannot read row group 0: selection RowSelection[[0, 9)] goes beyond its 8"
                                    + " rows ("
                                    + file
                                    + ")");
        }
    }

    /** (RoundTripReaderTest shows a declared schema being used: CHAR, MULTISET, TIME(3)...) */
    @Test
    void ignoresADeclaredSchemaThatDoesNotParse() throws Exception {
        InputFile garbage =
                TestingChunkFile.builder()
                        .rows(2)
                        .plainPage(1, 2)
                        .keyValue("pqx.flink.schema", "ROW<a NOT_A_TYPE")
                        .build("garbage.parquet");
        try (ParquetReader reader = ParquetReader.open(garbage, ReadOptions.defaults())) {
            assertThat(reader.schema().rowType().getTypeAt(0)).isEqualTo(new IntType(false));
            assertThat(TestingChunkFile.readInts(garbage)).containsExactly(1, 2);
        }
    }

    @Test
    void closesItsFileWhenTheFooterIsBad() throws Exception {
        boolean[] closed = {false};
        InputFile bad =
                new InputFile() {
                    @Override
                    public String location() {
                        return "bad.parquet";
                    }

                    @Override
                    public long length() {
                        return 3;
                    }

                    @Override
                    public void readFully(long position, byte[] buffer, int offset, int length) {}

                    @Override
                    public void close() {
                        closed[0] = true;
                    }
                };
        assertThatThrownBy(() -> ParquetReader.open(bad, ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class);
        assertThat(closed[0]).isTrue();
    }

    @Test
    void opensFlinkPaths() throws Exception {
        Path file = TestingParquetFiles.data("alltypes_plain.parquet");
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            assertThat(reader.metadata().numRows()).isEqualTo(8);
        }
    }
}
