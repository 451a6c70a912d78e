package io.pqx.e2e.interop.variant;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.util.CloseableIterator;
import org.apache.parquet.variant.Variant;
import org.junit.jupiter.api.Test;

/**
 * pqx's VARIANT values of every shredded_variant corpus file against DuckDB 2.0's decoding ({@code
 * CAST(var AS JSON)}), rendered alike ({@link DuckDbVariantJson}). They agree on every file both
 * read; every file where they part is listed with who is right by the shredding spec.
 */
class ShreddedVariantDuckDbITCase {

    private static final String PQX_REFUSES = "pqx refuses";

    /** Where pqx and DuckDB part, and who is right by the spec. */
    private static final Map<String, String> DISAGREEMENTS =
            Map.ofEntries(
                    // DuckDB reads a value where value and typed_value are both set (a primitive
                    // or an array element): the spec says writers must not, pqx refuses
                    Map.entry("case-040.parquet", "pqx: invalid, value and typed_value both set"),
                    Map.entry("case-042.parquet", "pqx: invalid, value and typed_value both set"),
                    // DuckDB takes the residual value's field b over the shredded one: the spec
                    // says typed_value must win if a reader reads at all; pqx refuses
                    Map.entry("case-043-INVALID.parquet", "pqx: field both shredded and residual"),
                    Map.entry("case-125-INVALID.parquet", "pqx: field both shredded and residual"),
                    // DuckDB needs a value column: the spec lets a shredded group omit it
                    Map.entry("case-041.parquet", "pqx: the spec allows no value column"),
                    Map.entry("case-131.parquet", "pqx: the spec allows no value column"),
                    Map.entry("case-138.parquet", "pqx: the spec allows no value column"),
                    // DuckDB fails with an internal error (statistics of a missing column)
                    Map.entry("case-088.parquet", "pqx: DuckDB's internal error"),
                    Map.entry("case-132.parquet", "pqx: DuckDB's internal error"),
                    // DuckDB reads OPTIONAL shredded field groups: the spec says REQUIRED
                    Map.entry("case-084-INVALID.parquet", "pqx: field groups must be REQUIRED"),
                    // DuckDB reads a missing array element as null: the spec says every
                    // element must be present
                    Map.entry("case-085.parquet", "pqx: array elements must be present"),
                    // DuckDB returns a null for a typed_value of a type the spec does not list
                    // (UINT32, FIXED_LEN_BYTE_ARRAY(4)), losing the value; pqx refuses
                    Map.entry("case-127.parquet", "pqx: not a shredded type of the spec"),
                    Map.entry("case-137.parquet", "pqx: not a shredded type of the spec"));

    @Test
    void pqxAndDuckDbAgreeExceptWhereListed() throws Exception {
        Map<String, String> differences = new TreeMap<>();
        int agreed = 0;
        Path dir = TestingParquetFiles.root().resolve("shredded_variant");
        try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:");
                Stream<Path> list = Files.list(dir)) {
            for (Path file :
                    list.filter(p -> p.toString().endsWith(".parquet")).sorted().toList()) {
                String pqx = pqx(file);
                String duck = duckDb(duckDb, file);
                if (pqx.equals(duck)
                        || pqx.startsWith(PQX_REFUSES) && duck.startsWith("DuckDB fails")) {
                    agreed++;
                } else {
                    differences.put(file.getFileName().toString(), pqx + " | DuckDB: " + duck);
                }
            }
        }
        assertThat(differences.keySet())
                .as(differences.toString())
                .isEqualTo(DISAGREEMENTS.keySet());
        assertThat(agreed).isEqualTo(137 - DISAGREEMENTS.size());
        // where they part, pqx refuses what it does not read as the spec says, or reads what
        // DuckDB cannot
        differences.forEach(
                (file, difference) -> {
                    if (DISAGREEMENTS.get(file).contains("spec allows")
                            || DISAGREEMENTS.get(file).contains("internal error")) {
                        assertThat(difference).as(file).contains("DuckDB: DuckDB fails");
                    } else {
                        assertThat(difference).as(file).startsWith(PQX_REFUSES);
                    }
                });
    }

    private static String pqx(Path file) throws Exception {
        List<String> values = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            int var = reader.schema().rowType().getFieldIndex("var");
            while (rows.hasNext()) {
                RowData row = rows.next();
                if (row.isNullAt(var)) {
                    values.add("NULL");
                } else {
                    BinaryVariant v = (BinaryVariant) row.getVariant(var);
                    String json =
                            DuckDbVariantJson.render(new Variant(v.getValue(), v.getMetadata()));
                    // DuckDB holds a top-level variant null as a SQL NULL: compare them so
                    values.add(json.equals("null") ? "NULL" : json);
                }
            }
        } catch (CorruptFileException | UnsupportedFileException e) {
            return PQX_REFUSES + ": " + e.getMessage();
        } catch (UncheckedIOException e) {
            return PQX_REFUSES + ": " + e.getCause().getMessage();
        }
        return String.join("; ", values);
    }

    private static String duckDb(Connection duckDb, Path file) {
        List<String> values = new ArrayList<>();
        try (PreparedStatement s =
                duckDb.prepareStatement(
                        "SELECT var IS NULL, CAST(var AS JSON)::VARCHAR FROM read_parquet(?,"
                                + " file_row_number = true)"
                                + " ORDER BY file_row_number")) {
            s.setString(1, file.toString());
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    values.add(r.getBoolean(1) ? "NULL" : r.getString(2));
                }
            }
        } catch (SQLException e) {
            return "DuckDB fails: " + e.getMessage().lines().findFirst().orElse("");
        }
        return String.join("; ", values);
    }
}
