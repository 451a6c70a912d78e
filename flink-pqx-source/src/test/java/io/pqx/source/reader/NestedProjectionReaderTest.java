package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetInspector;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nested projection: a requested ROW holding only some of the file ROW's fields reads only those
 * (fewer bytes than the whole ROW) and emits exactly their values, nulls of the ROW included.
 */
class NestedProjectionReaderTest {
    private static final RowType FILE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT()),
                                    DataTypes.FIELD(
                                            "r",
                                            DataTypes.ROW(
                                                    DataTypes.FIELD("a", DataTypes.INT()),
                                                    DataTypes.FIELD("b", DataTypes.STRING()),
                                                    DataTypes.FIELD(
                                                            "c",
                                                            DataTypes.ROW(
                                                                    DataTypes.FIELD(
                                                                            "x", DataTypes.INT()),
                                                                    DataTypes.FIELD(
                                                                            "y",
                                                                            DataTypes.INT()))))))
                            .getLogicalType();

    @TempDir Path dir;

    @Test
    void readsAndEmitsOnlyTheProjectedNestedFields() throws Exception {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rows.add(
                    GenericRowData.of(
                            (long) i,
                            i % 10 == 0
                                    ? null
                                    : GenericRowData.of(
                                            i,
                                            StringData.fromString(
                                                    "a long string that costs bytes " + i),
                                            GenericRowData.of(i * 2, i * 3))));
        }
        Path file = TestingSourceFiles.write(dir.resolve("nested.parquet"), FILE, rows, 100);
        RowType narrowed =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD(
                                                "r",
                                                DataTypes.ROW(
                                                        DataTypes.FIELD("a", DataTypes.INT()),
                                                        DataTypes.FIELD(
                                                                "c",
                                                                DataTypes.ROW(
                                                                        DataTypes.FIELD(
                                                                                "y",
                                                                                DataTypes
                                                                                        .INT()))))),
                                        DataTypes.FIELD("id", DataTypes.BIGINT()))
                                .getLogicalType();
        ReaderMetrics nestedMetrics = ReaderMetrics.unregistered();
        List<String> out = read(narrowed, file, nestedMetrics);
        assertThat(out).hasSize(300);
        for (int i = 0; i < 300; i++) {
            assertThat(out.get(i))
                    .isEqualTo(i % 10 == 0 ? "null|" + i : i + "," + (i * 3) + "|" + i);
        }
        ReaderMetrics wholeMetrics = ReaderMetrics.unregistered();
        RowType whole = new RowType(List.of(FILE.getFields().get(1), FILE.getFields().get(0)));
        assertThat(read(whole, file, wholeMetrics)).hasSize(300);
        // the whole ROW reads r.b and r.c.x too; the projection none of their bytes
        long unread = 0;
        for (var group :
                ParquetInspector.read(
                                FlinkInputFile.open(
                                        new org.apache.flink.core.fs.Path(file.toUri())),
                                ReadOptions.defaults())
                        .metadata()
                        .rowGroups()) {
            for (var chunk : group.columns()) {
                if (chunk.path().equals("r.b") || chunk.path().equals("r.c.x")) {
                    unread += chunk.totalCompressedSize();
                }
            }
        }
        assertThat(unread).isPositive();
        assertThat(wholeMetrics.bytesRead() - nestedMetrics.bytesRead())
                .as("bytes read by the whole ROW beyond the nested projection")
                .isEqualTo(unread);
    }

    private static List<String> read(RowType type, Path file, ReaderMetrics metrics)
            throws Exception {
        ReaderSettings settings =
                new ReaderSettings(
                        ReaderSettings.Rows.all(type, List.of()),
                        new ReaderSettings.Decoding(64, true, 0, false, true),
                        Long.MAX_VALUE);
        List<String> out = new ArrayList<>();
        RowGroupSplit split = PqxSplitReaderTest.split(file, Map.of(), 0, 2);
        try (PqxSplitReader reader = new PqxSplitReader(settings, metrics, new LiveSlots())) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(split)));
            for (int fetches = 0; fetches < 10_000; fetches++) {
                RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
                while (records.nextSplit() != null) {
                    RowAtPosition at;
                    while ((at = records.nextRecordFromSplit()) != null) {
                        RowData row = at.row;
                        RowData r =
                                row.isNullAt(0)
                                        ? null
                                        : row.getRow(
                                                0, ((RowType) type.getTypeAt(0)).getFieldCount());
                        String nested =
                                r == null
                                        ? "null"
                                        : r.getInt(0)
                                                + ","
                                                + (r.getArity() > 2
                                                        ? r.getRow(2, 2).getInt(1)
                                                        : r.getRow(1, 1).getInt(0));
                        out.add(nested + "|" + row.getLong(1));
                    }
                }
                records.recycle();
                if (records.finishedSplits().contains(split.splitId())) {
                    return out;
                }
            }
        }
        throw new AssertionError("the split never finished");
    }
}
