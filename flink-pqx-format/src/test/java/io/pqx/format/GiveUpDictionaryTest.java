package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.WriteOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link WriterSizing#giveUpUnpayingDictionaries()}: in the open row group's first page, the
 * dictionaries of mostly distinct columns are freed and those columns go on in PLAIN, while a
 * dictionary that pays stays; the file reads back the same rows, and the held bytes drop.
 */
class GiveUpDictionaryTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("name", DataTypes.STRING().notNull()),
                                    DataTypes.FIELD("color", DataTypes.INT().notNull()))
                            .getLogicalType();

    @TempDir java.nio.file.Path dir;

    private static RowData row(long i) {
        return GenericRowData.of(
                i * 7919, StringData.fromString("name-" + (i * 31 + 17)), (int) (i % 5));
    }

    @Test
    void unpayingDictionariesAreFreedAndPayingOnesStay() throws Exception {
        Path file = new Path(dir.resolve("t.parquet").toUri());
        int rows = 8_000; // within the first page (20,000 rows) of every column
        long before;
        long after;
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE).options(WriteOptions.builder().build()).create(file)) {
            for (long i = 0; i < rows; i++) {
                writer.write(row(i));
            }
            before = WriterSizing.of(writer).heldBytes();
            assertThat(WriterSizing.of(writer).giveUpUnpayingDictionaries())
                    .as("id and name")
                    .isEqualTo(2);
            after = WriterSizing.of(writer).heldBytes();
            assertThat(WriterSizing.of(writer).giveUpUnpayingDictionaries())
                    .as("nothing left to give up")
                    .isZero();
            for (long i = rows; i < 2L * rows; i++) {
                writer.write(row(i));
            }
        }
        assertThat(after).as("held bytes once the dictionaries are gone").isLessThan(before);
        try (ParquetReader reader = ParquetReader.open(file)) {
            RowGroupView group = reader.metadata().rowGroups().get(0);
            assertThat(group.column("id").orElseThrow().hasDictionary()).isFalse();
            assertThat(group.column("name").orElseThrow().hasDictionary()).isFalse();
            assertThat(group.column("color").orElseThrow().hasDictionary()).isTrue();
            List<String> back = new ArrayList<>();
            try (CloseableIterator<RowData> it =
                    reader.rows(reader.project(List.of("id", "name", "color")))) {
                while (it.hasNext()) {
                    RowData r = it.next();
                    back.add(r.getLong(0) + "," + r.getString(1) + "," + r.getInt(2));
                }
            }
            assertThat(back).hasSize(2 * rows);
            for (int i = 0; i < back.size(); i++) {
                RowData expected = row(i);
                assertThat(back.get(i))
                        .isEqualTo(
                                expected.getLong(0)
                                        + ","
                                        + expected.getString(1)
                                        + ","
                                        + expected.getInt(2));
            }
        }
    }
}
