package io.pqx.e2e.interop.variant;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.TestingVariants;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/**
 * pqx's VARIANT values of every shredded_variant corpus file against parquet-java's (record
 * assembly with parquet-variant's shredding converters): the same value, type for type, on all 127
 * files pqx reads; of the 10 it refuses, parquet-java refuses 6 too and reads 4 that the shredding
 * spec calls invalid (pqx refuses rather than pick a value the spec leaves open).
 */
class ShreddedVariantOracleTest {

    private static final String REFUSED = "pqx refuses";

    @Test
    void pqxReadsWhatParquetJavaReadsExceptWhereTheSpecSaysRefuse() throws Exception {
        Map<String, String> differences = new TreeMap<>();
        int same = 0;
        Path dir = TestingParquetFiles.root().resolve("shredded_variant");
        try (Stream<Path> list = Files.list(dir)) {
            for (Path file :
                    list.filter(p -> p.toString().endsWith(".parquet")).sorted().toList()) {
                String pqx = pqx(file);
                String java;
                try {
                    java = String.join("; ", TestingParquetJavaVariants.rendered(file));
                } catch (Exception e) {
                    java = "parquet-java fails: " + e;
                }
                if (pqx.equals(java)) {
                    same++;
                } else {
                    differences.put(
                            file.getFileName().toString(), pqx + " | parquet-java: " + java);
                }
            }
        }
        assertThat(same).isEqualTo(127);
        assertThat(differences.keySet())
                .containsExactlyInAnyOrderElementsOf(
                        List.of(
                                "case-040.parquet",
                                "case-042.parquet",
                                "case-087.parquet",
                                "case-127.parquet",
                                "case-128.parquet",
                                "case-137.parquet",
                                "case-043-INVALID.parquet",
                                "case-125-INVALID.parquet",
                                "case-084-INVALID.parquet",
                                "case-085.parquet"));
        // every difference is a file pqx refuses
        differences.values().forEach(d -> assertThat(d).startsWith(REFUSED));
        // both refuse: value and typed_value both set (a primitive, an array element, a
        // non-object beside shredded fields), and typed_value types the spec does not list
        for (String file :
                List.of(
                        "case-040.parquet",
                        "case-042.parquet",
                        "case-087.parquet",
                        "case-127.parquet",
                        "case-128.parquet",
                        "case-137.parquet")) {
            assertThat(differences.get(file)).as(file).contains("parquet-java: parquet-java fails");
        }
        // parquet-java reads what the spec calls invalid, where pqx refuses:
        // a field missing from typed_value but in the residual value: the residual is dropped
        assertThat(differences.get("case-043-INVALID.parquet")).endsWith("parquet-java: {a: null}");
        // a field both shredded and in the residual value: the shredded one wins
        assertThat(differences.get("case-125-INVALID.parquet"))
                .endsWith("parquet-java: {a: null, b: string \"iceberg\"}");
        // OPTIONAL shredded field groups (the spec says REQUIRED)
        assertThat(differences.get("case-084-INVALID.parquet"))
                .endsWith("parquet-java: {a: int32 34, b: string \"iceberg\"}");
        // an array element with neither value nor typed_value (the spec says present)
        assertThat(differences.get("case-085.parquet")).endsWith("parquet-java: [null]");
    }

    private static String pqx(Path file) throws Exception {
        List<String> values = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            while (rows.hasNext()) {
                RowData row = rows.next();
                int var = reader.schema().rowType().getFieldIndex("var");
                if (row.isNullAt(var)) {
                    values.add("NULL");
                } else {
                    BinaryVariant v = (BinaryVariant) row.getVariant(var);
                    values.add(TestingVariants.render(v.getValue(), v.getMetadata()));
                }
            }
        } catch (CorruptFileException | UnsupportedFileException e) {
            return REFUSED + ": " + e.getMessage();
        } catch (UncheckedIOException e) {
            return REFUSED + ": " + e.getCause().getMessage();
        }
        return String.join("; ", values);
    }
}
