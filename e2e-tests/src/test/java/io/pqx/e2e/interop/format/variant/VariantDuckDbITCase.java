package io.pqx.e2e.interop.format.variant;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.WriteOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckDB reads pqx's VARIANT columns as VARIANT, unshredded and shredded: every value it rebuilds
 * from the shredded file equals the one it reads from the unshredded file (whose bytes parquet-java
 * reads back as written, {@link VariantParquetJavaTest}), SQL NULLs included.
 */
class VariantDuckDbITCase {
    @TempDir Path dir;

    private static List<String> read(Connection c, Path file) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs =
                c.createStatement()
                        .executeQuery(
                                "SELECT id, typeof(v), v::VARCHAR, n::VARCHAR, a::VARCHAR,"
                                        + " v IS NULL FROM read_parquet('"
                                        + file
                                        + "') ORDER BY id")) {
            while (rs.next()) {
                rows.add(
                        rs.getInt(1)
                                + " "
                                + rs.getString(2)
                                + " | "
                                + rs.getString(3)
                                + " | "
                                + rs.getString(4)
                                + " | "
                                + rs.getString(5)
                                + " | "
                                + rs.getBoolean(6));
            }
        }
        return rows;
    }

    @Test
    void duckDbReadsShreddedVariantsAsTheUnshreddedOnes() throws Exception {
        List<RowData> rows = VariantParquetJavaTest.rows();
        Path plain = VariantParquetJavaTest.write(dir, "p.parquet", WriteOptions.defaults(), rows);
        Path shredded =
                VariantParquetJavaTest.write(
                        dir, "s.parquet", VariantParquetJavaTest.SHREDDED, rows);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            List<String> fromPlain = read(c, plain);
            List<String> fromShredded = read(c, shredded);
            assertThat(fromPlain).hasSize(rows.size());
            assertThat(fromPlain.get(0))
                    .startsWith("0 VARIANT | {")
                    .contains("'user_id': 7")
                    .contains("'tags': [a, b]");
            // DuckDB reads a Variant null as SQL NULL: the 6 rows whose v is JSON null, and the one
            // whose v is a SQL NULL
            assertThat(fromPlain).filteredOn(r -> r.endsWith("| true")).hasSize(7);
            assertThat(fromShredded).containsExactlyElementsOf(fromPlain);
        }
    }
}
