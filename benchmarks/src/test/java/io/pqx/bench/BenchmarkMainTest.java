package io.pqx.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkMainTest {

    @TempDir Path dir;

    @Test
    void unknownSuiteIsAUsageError() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int code = BenchmarkMain.run(new String[] {"nope"}, report(out));

        assertThat(code).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(BenchmarkSuites.find("nope")).isEmpty();
        assertThat(BenchmarkSuites.listing()).contains("format");
    }

    @Test
    void peerOnlyFormatRunReportsItsFiguresAndVerifiesTheFile() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int code =
                BenchmarkMain.run(
                        new String[] {
                            "format",
                            "--rows",
                            "3000",
                            "--rounds",
                            "1",
                            "--warmups",
                            "0",
                            "--peer-only",
                            "--dir",
                            dir.toString()
                        },
                        report(out));

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(printed).isZero();
        assertThat(printed)
                .contains("INFO jvm ")
                .contains("INFO verified parquetjava reads parquetjava's file: 3000 rows")
                .containsPattern("INFO size parquetjava=\\d+")
                .contains("INFO rowgroups parquetjava=1")
                .containsPattern("INFO parquetjava-only format_write parquetjava=\\d+ unit=rows/s")
                .containsPattern(
                        "INFO parquetjava-only format_read_peerfile parquetjava=\\d+ unit=rows/s")
                .doesNotContain("FAIL");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void formatRunPrintsOneResultLinePerMeasurement() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report = report(out);

        int code =
                BenchmarkMain.run(
                        new String[] {
                            "format",
                            "--rows",
                            "3000",
                            "--rounds",
                            "1",
                            "--warmups",
                            "0",
                            "--dir",
                            dir.toString()
                        },
                        report);

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(printed).isZero();
        assertThat(report.comparisons())
                .extracting(Comparison::name)
                .containsExactly(
                        "format_write",
                        "format_read",
                        "format_read_peerfile",
                        "format_read_duckdbfile",
                        "format_read_column",
                        "format_write_vs_duckdb",
                        "format_read_vs_duckdb",
                        "format_read_peerfile_vs_duckdb",
                        "format_read_duckdbfile_vs_duckdb",
                        "format_read_column_vs_duckdb",
                        "format_write_vs_duckdb_cpu",
                        "format_read_vs_duckdb_cpu",
                        "format_read_peerfile_vs_duckdb_cpu",
                        "format_read_duckdbfile_vs_duckdb_cpu",
                        "format_read_column_vs_duckdb_cpu",
                        "format_crc_write",
                        "format_crc_read",
                        "format_encrypt_write_gcm",
                        "format_encrypt_write_gcm_colkeys",
                        "format_encrypt_write_ctr",
                        "format_encrypt_write_ctr_colkeys",
                        "format_encrypt_read_gcm",
                        "format_encrypt_read_gcm_colkeys",
                        "format_encrypt_read_ctr",
                        "format_encrypt_read_ctr_colkeys");
        assertThat(printed.lines().filter(l -> l.startsWith("RESULT ")))
                .hasSize(25)
                .filteredOn(
                        l ->
                                !l.startsWith("RESULT format_crc_")
                                        && !l.startsWith("RESULT format_encrypt_")
                                        && !l.contains("duckdb="))
                .hasSize(5)
                .allMatch(
                        l ->
                                l.matches(
                                        "RESULT format_\\w+ pqx=\\d+ parquetjava=\\d+"
                                                + " ratio=\\d+\\.\\d{3} unit=rows/s"));
        assertThat(printed.lines().filter(l -> l.matches("RESULT \\w+_vs_duckdb .*")))
                .hasSize(5)
                .allMatch(
                        l ->
                                l.matches(
                                        "RESULT format_\\w+_vs_duckdb pqx=\\d+ duckdb=\\d+"
                                                + " ratio=\\d+\\.\\d{3} unit=rows/s"));
        assertThat(printed.lines().filter(l -> l.matches("RESULT \\w+_vs_duckdb_cpu .*")))
                .hasSize(5)
                .allMatch(
                        l ->
                                l.matches(
                                        "RESULT format_\\w+_vs_duckdb_cpu pqx=\\d+ duckdb=\\d+"
                                                + " ratio=\\d+\\.\\d{3} unit=rows/cpu-s"));
        assertThat(printed)
                .containsPattern(
                        "INFO target format_write_vs_duckdb_cpu ratio=\\d+\\.\\d{3}"
                                + " target>=1.0: (met|NOT met)")
                .containsPattern("INFO thread-cpu format_write_vs_duckdb pqx=\\d+ duckdb=\\d+ ")
                .containsPattern("INFO duckdb v?[\\d.]+\\S* threads=1: loaded 3000 rows")
                .contains("INFO verified pqx reads duckdb's file: 3000 rows")
                .contains("INFO verified parquetjava reads duckdb's file: 3000 rows")
                .contains("INFO verified duckdb's aggregates over pqx's file: 3000 rows")
                .contains("INFO verified duckdb's aggregates over duckdb's file: 3000 rows")
                .containsPattern("INFO rowgroups pqx=1 parquetjava=1 duckdb=1");
        assertThat(printed)
                .containsPattern(
                        "RESULT format_crc_write pqx=\\d+ pqx_nocrc=\\d+ ratio=\\d+\\.\\d{3}"
                                + " unit=rows/s")
                .containsPattern(
                        "RESULT format_crc_read pqx=\\d+ pqx_noverify=\\d+"
                                + " ratio=\\d+\\.\\d{3} unit=rows/s")
                .containsPattern(
                        "INFO crc_cost format_crc_write wall=-?\\d+\\.\\d% cpu=-?\\d+\\.\\d%"
                                + " thread-cpu=-?\\d+\\.\\d% paired=-?\\d+\\.\\d% target<3%: (met|NOT met)")
                .containsPattern("INFO thread-cpu format_crc_read pqx=\\d+ pqx_noverify=\\d+ ")
                .containsPattern("INFO crc_cost format_crc_read wall=")
                .containsPattern("INFO crc32_work bytes=\\d+ best=")
                .doesNotContain("-only format_crc_")
                .containsPattern(
                        "INFO page_crcs pqx=(\\d+)/\\1 parquetjava=(\\d+)/\\2"
                                + " duckdb=\\d+/\\d+ pqx_nocrc=0/\\d+ ")
                .contains("INFO verified pqx reads pqx_nocrc's file: 3000 rows")
                .contains("INFO verified pqx_noverify reads pqx's file: 3000 rows");
        assertThat(printed.lines().filter(l -> l.startsWith("RESULT format_encrypt_")))
                .hasSize(8)
                .allMatch(
                        l ->
                                l.matches(
                                        "RESULT format_encrypt_(write|read)_(gcm|ctr)(_colkeys)?"
                                                + " pqx=\\d+ pqx_plain=\\d+ ratio=\\d+\\.\\d{3}"
                                                + " unit=rows/s"));
        assertThat(printed)
                .containsPattern(
                        "INFO thread-cpu format_encrypt_write_gcm pqx=\\d+ pqx_plain=\\d+"
                                + " ratio=\\d+\\.\\d{3} unit=rows/thread-cpu-s")
                .containsPattern("INFO cpu format_encrypt_read_ctr_colkeys pqx=\\d+ pqx_plain=")
                .containsPattern(
                        "INFO encrypt_pairs format_encrypt_read_gcm thread-cpu ratios"
                                + " encrypted/plain=\\[[\\d., ]+\\] median=\\d+\\.\\d{3}")
                .containsPattern(
                        "INFO encrypt_cost format_encrypt_write_ctr wall=-?\\d+\\.\\d%"
                                + " cpu=-?\\d+\\.\\d% thread-cpu=-?\\d+\\.\\d% paired=-?\\d+\\.\\d%")
                .containsPattern(
                        "INFO encrypt_size pqx=(\\d+) pqx_gcm=\\d+ \\(\\+\\d+ B, \\+\\d+\\.\\d{3}%\\)"
                                + " pqx_gcm_colkeys=.* pqx_ctr=.* pqx_ctr_colkeys=")
                .containsPattern(
                        "INFO encrypt_cipher_work AES_GCM_V1 modules=[1-9]\\d* bytes=\\d+ best=.*"
                                + " format_encrypt_write_gcm=[+-]\\d+\\.\\d ms .*"
                                + " format_encrypt_read_gcm_colkeys=")
                .containsPattern("INFO encrypt_cipher_work AES_GCM_CTR_V1 modules=")
                .containsPattern("INFO rounds format_encrypt_write pqx=\\[[\\d,]+\\] pqx_gcm=")
                .contains("INFO verified pqx_gcm_colkeys reads pqx_gcm_colkeys's file: 3000 rows")
                .contains("INFO verified pqx_ctr reads pqx_ctr's file: 3000 rows")
                .doesNotContain("-only format_encrypt_")
                .doesNotContain("does not end in PARE");
        assertThat(printed)
                .containsPattern("INFO size pqx=\\d+ parquetjava=\\d+")
                .contains("INFO verified pqx reads parquetjava's file: 3000 rows")
                .contains("INFO verified parquetjava reads pqx's file: 3000 rows")
                .doesNotContain("FAIL");
    }

    private static BenchmarkReport report(ByteArrayOutputStream out) {
        return new BenchmarkReport(new PrintStream(out, true, StandardCharsets.UTF_8));
    }
}
