package io.pqx.e2e.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pqx meta} and {@code pqx cat} on an {@code s3://} file, run as {@code bin/pqx} runs the
 * CLI, configured the way a Flink process is: {@code FLINK_PLUGINS_DIR} holds {@code
 * s3-fs-hadoop/flink-s3-fs-hadoop-2.3.0.jar}, {@code FLINK_CONF_DIR} a {@code config.yaml} with the
 * endpoint and keys (see {@code e2e-tests/README.md} for the commands). Without the plugins
 * directory the CLI has no {@code s3} file system and says so.
 */
class PqxCliOnS3ITCase {
    static final String FILE = "cli/people.parquet";

    @RegisterExtension static final LocalS3 S3 = LocalS3.onFreePort();

    @TempDir Path work;

    @BeforeAll
    static void writeFile() throws Exception {
        RowType type =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(false), new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"id", "name"});
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(WriteOptions.defaults())
                        .create(new org.apache.flink.core.fs.Path(S3.uri(FILE)))) {
            writer.write(GenericRowData.of(1L, StringData.fromString("Ada")));
            writer.write(GenericRowData.of(2L, StringData.fromString("Grace")));
            writer.write(GenericRowData.of(3L, StringData.fromString("Edsger")));
        }
    }

    @Test
    void metaPrintsTheFooterOfAnS3File() throws Exception {
        TestingCliProcess run =
                TestingCliProcess.run(work, flinkEnvironment(), "meta", S3.uri(FILE));
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("file:          " + S3.uri(FILE) + "\n")
                .contains("rows:          3\n")
                .contains("row groups:    1\n")
                .contains("  required int64 id;\n");
    }

    @Test
    void catPrintsTheRowsOfAnS3File() throws Exception {
        TestingCliProcess run =
                TestingCliProcess.run(work, flinkEnvironment(), "cat", S3.uri(FILE));
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out())
                .isEqualTo(
                        "{\"id\":1,\"name\":\"Ada\"}\n"
                                + "{\"id\":2,\"name\":\"Grace\"}\n"
                                + "{\"id\":3,\"name\":\"Edsger\"}\n");
    }

    @Test
    void withoutThePluginsDirectoryThereIsNoS3FileSystem() throws Exception {
        Map<String, String> env = Map.of("FLINK_CONF_DIR", confDir().toString());
        TestingCliProcess run = TestingCliProcess.run(work, env, "meta", S3.uri(FILE));
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("pqx: ").contains("'s3'");
    }

    /** What a user exports before {@code bin/pqx}: the plugins and the configuration directory. */
    private Map<String, String> flinkEnvironment() throws Exception {
        return Map.of(
                "FLINK_PLUGINS_DIR", TestingFlinkPlugins.directory().toString(),
                "FLINK_CONF_DIR", confDir().toString());
    }

    /** A Flink configuration directory whose {@code config.yaml} holds the S3 settings. */
    private Path confDir() throws Exception {
        Path conf = Files.createDirectories(work.resolve("conf"));
        Files.write(conf.resolve("config.yaml"), S3.configYaml());
        return conf;
    }
}
