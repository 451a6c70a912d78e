package io.pqx.bench.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetReader;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.RowGroupView;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckDB's side of the {@code format} suite on a few thousand rows: its {@code COPY} writes the
 * configured codec and row groups and the generated values (read back with pqx's reader), and its
 * aggregate query reaches every column and matches the generated table. Nothing here is timed.
 */
class DuckDbContenderTest {

    private static final int ROWS = 10_000;

    /** DuckDB rounds row groups up to whole 2,048-row vectors; 4,096 is two of them. */
    private static final FormatSettings SMALL_GROUPS =
            new FormatSettings("ZSTD", 3, 4_096, 1 << 20, 1 << 20, 20_000);

    @TempDir Path dir;

    private final List<RowData> table = new LineitemGenerator(7).generate(ROWS);
    private DuckDbSession session;

    @BeforeEach
    void load() throws Exception {
        session = DuckDbSession.open();
        session.load(table);
    }

    @AfterEach
    void close() throws Exception {
        session.close();
    }

    @Test
    void copyWritesTheConfiguredCodecAndRowGroupsAndTheGeneratedValues() throws Exception {
        Path file = dir.resolve("duckdb.parquet");
        new DuckDbTableWriter(session, SMALL_GROUPS).write(table, file);

        try (ParquetReader reader =
                ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()))) {
            List<RowGroupView> groups = reader.metadata().rowGroups();
            assertThat(groups)
                    .extracting(RowGroupView::numRows)
                    .containsExactly(4096L, 4096L, 1808L);
            for (RowGroupView group : groups) {
                assertThat(group.columns()).hasSize(LineitemTable.COLUMNS.size());
                assertThat(group.columns())
                        .extracting(ColumnChunkView::codecName)
                        .containsOnly("ZSTD");
            }
            assertThat(reader.schema().rowType().getFieldNames())
                    .containsExactlyElementsOf(LineitemTable.ROW_TYPE.getFieldNames());
        }
        PqxTableScanner pqx = new PqxTableScanner();
        assertThat(pqx.scan(file, ScanDepth.CONTENT))
                .isEqualTo(TableChecksum.of(table, ScanDepth.CONTENT));
        assertThat(new ParquetJavaTableScanner().scan(file, ScanDepth.CONTENT))
                .isEqualTo(TableChecksum.of(table, ScanDepth.CONTENT));
        assertThat(FileFacts.of(file).createdBy()).containsIgnoringCase("duckdb");
    }

    @Test
    void copyStatementCarriesTheSettings() {
        String copy =
                new DuckDbTableWriter(session, FormatSettings.standard())
                        .copyStatement(dir.resolve("it's.parquet"));

        assertThat(copy)
                .startsWith("COPY t TO '")
                .contains("it''s.parquet'")
                .contains(
                        "FORMAT PARQUET, COMPRESSION ZSTD, COMPRESSION_LEVEL 3, ROW_GROUP_SIZE 1000000");
    }

    @Test
    void writingAnotherTableThanTheLoadedOneIsRefused() {
        DuckDbTableWriter writer = new DuckDbTableWriter(session, SMALL_GROUPS);

        assertThatThrownBy(() -> writer.write(table.subList(1, ROWS), dir.resolve("x.parquet")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("another table");
    }

    @Test
    void fullQueryAggregatesEveryColumn() {
        DuckDbAggregateQuery query = DuckDbAggregateQuery.allColumns();
        String sql = query.sql(dir.resolve("f.parquet"));

        assertThat(query.columns()).hasSize(LineitemTable.COLUMNS.size());
        assertThat(sql).startsWith("SELECT count(*), ");
        for (LineitemTable.Column column : LineitemTable.COLUMNS) {
            assertThat(sql)
                    .as(column.name())
                    .containsPattern("sum\\((strlen\\()?" + column.name() + "\\b");
        }
    }

    @Test
    void duckdbAggregatesMatchTheGeneratedTableOnEveryFile() throws Exception {
        Path pqxFile = dir.resolve("pqx.parquet");
        new PqxTableWriter(SMALL_GROUPS).write(table, pqxFile);
        Path duckFile = dir.resolve("duckdb.parquet");
        new DuckDbTableWriter(session, SMALL_GROUPS).write(table, duckFile);
        DuckDbTableReader reader = new DuckDbTableReader(session);
        DuckDbAggregateQuery all = DuckDbAggregateQuery.allColumns();
        DuckDbAggregateQuery one = DuckDbAggregateQuery.column(DuckDbTableReader.ONE_COLUMN);

        for (Path file : List.of(pqxFile, duckFile)) {
            DuckDbAggregates got = reader.read(file, all);
            assertThat(got.rows()).isEqualTo(ROWS);
            assertThat(got.matches(all.expected(table))).as(got.toString()).isTrue();
            assertThat(got.matches(all.expected(table.subList(1, ROWS)))).isFalse();
            assertThat(reader.read(file, one).matches(one.expected(table))).isTrue();
        }
    }

    @Test
    void aChangedValueBreaksTheMatch() {
        DuckDbAggregateQuery all = DuckDbAggregateQuery.allColumns();
        DuckDbAggregates want = all.expected(table);
        for (int c = 0; c < LineitemTable.COLUMNS.size(); c++) {
            long[] sums = want.sums().clone();
            if (LineitemTable.COLUMNS.get(c).kind() == ColumnKind.DOUBLE) {
                sums[c] = Double.doubleToRawLongBits(Double.longBitsToDouble(sums[c]) + 0.01);
            } else {
                sums[c] += 1;
            }
            DuckDbAggregates changed = new DuckDbAggregates(want.columns(), want.rows(), sums);
            assertThat(changed.matches(want)).as(LineitemTable.COLUMNS.get(c).name()).isFalse();
        }
        assertThat(new DuckDbAggregates(want.columns(), want.rows(), want.sums()).matches(want))
                .isTrue();
    }
}
