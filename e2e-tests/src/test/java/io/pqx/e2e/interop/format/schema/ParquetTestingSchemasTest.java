package io.pqx.e2e.interop.format.schema;

import static io.pqx.format.schema.TestingSchemas.sql;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.error.FileContext;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.ParquetToFlinkSchema;
import io.pqx.format.schema.SchemaNode;
import io.pqx.format.schema.SchemaProjection;
import io.pqx.format.schema.TestingSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Converts the schema of every file of the parquet-testing corpus (footers read by parquet-java, an
 * independent implementation). The corpus lives outside the repository and is found by {@link
 * TestingParquetFiles}; without it these tests fail.
 */
class ParquetTestingSchemasTest {

    private static Path corpus;

    @BeforeAll
    static void locateCorpus() {
        corpus = TestingParquetFiles.root();
    }

    private static MessageType footerSchema(Path file) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            return reader.getFooter().getFileMetaData().getSchema();
        }
    }

    private static ParquetSchema convert(String relative) throws Exception {
        Path file = corpus.resolve(relative);
        return ParquetToFlinkSchema.convert(footerSchema(file), null, FileContext.of(relative));
    }

    @Test
    void convertsTheSchemaOfEveryCorpusFile() throws Exception {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(corpus)) {
            files = walk.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(200);
        List<String> failures = new ArrayList<>();
        for (Path file : files) {
            try {
                ParquetSchema schema =
                        ParquetToFlinkSchema.convert(
                                footerSchema(file), null, FileContext.of(file.toString()));
                TestingSchemas.assertConsistent(schema);
                List<String> all = schema.fields().stream().map(SchemaNode::name).toList();
                assertThat(SchemaProjection.project(schema, all).leaves())
                        .isEqualTo(schema.leaves());
            } catch (Exception | AssertionError e) {
                failures.add(corpus.relativize(file) + ": " + e);
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void readsLegacyCollectionsOfTheCorpus() throws Exception {
        assertThat(convert("data/old_list_structure.parquet").rowType())
                .isEqualTo(sql("ROW<a ARRAY<ARRAY<INT NOT NULL> NOT NULL> NOT NULL> NOT NULL"));
        assertThat(convert("data/map_no_value.parquet").rowType())
                .isEqualTo(
                        sql(
                                "ROW<my_map MAP<INT NOT NULL, INT> NOT NULL,"
                                        + " my_map_no_v MAP<INT NOT NULL, BOOLEAN> NOT NULL,"
                                        + " my_list ARRAY<INT NOT NULL> NOT NULL> NOT NULL"));
        assertThat(convert("data/incorrect_map_schema.parquet").rowType())
                .isEqualTo(sql("ROW<my_map MAP<STRING, STRING>> NOT NULL"));
        assertThat(convert("data/repeated_no_annotation.parquet").rowType())
                .isEqualTo(
                        sql(
                                "ROW<id INT NOT NULL, phoneNumbers ROW<phone ARRAY<ROW<number"
                                        + " BIGINT NOT NULL, kind STRING> NOT NULL> NOT NULL>> NOT"
                                        + " NULL"));
        assertThat(convert("data/nonnullable.impala.parquet").rowType().getTypeAt(5))
                .isEqualTo(
                        sql(
                                "ROW<a INT NOT NULL, B ARRAY<INT NOT NULL> NOT NULL, c ROW<D"
                                        + " ARRAY<ARRAY<ROW<e INT NOT NULL, f STRING NOT NULL> NOT"
                                        + " NULL> NOT NULL> NOT NULL> NOT NULL, G MAP<STRING NOT NULL,"
                                        + " ROW<h ROW<i ARRAY<DOUBLE NOT NULL> NOT NULL> NOT NULL> NOT"
                                        + " NULL> NOT NULL> NOT NULL"));
    }

    @Test
    void readsCorpusAnnotations() throws Exception {
        assertThat(convert("data/int96_from_spark.parquet").rowType())
                .isEqualTo(sql("ROW<a TIMESTAMP(9)> NOT NULL"));
        assertThat(convert("data/concatenated_gzip_members.parquet").rowType())
                .isEqualTo(sql("ROW<long_col DECIMAL(20, 0)> NOT NULL"));
        assertThat(convert("data/float16_nonzeros_and_nans.parquet").rowType())
                .isEqualTo(sql("ROW<x FLOAT> NOT NULL"));
        assertThat(convert("data/unknown-logical-type.parquet").rowType())
                .isEqualTo(
                        sql(
                                "ROW<`column with known type` STRING,"
                                        + " `column with unknown type` BYTES> NOT NULL"));
        assertThat(convert("data/fixed_length_decimal_legacy.parquet").rowType())
                .isEqualTo(sql("ROW<`value` DECIMAL(13, 2)> NOT NULL"));
    }
}
