package io.pqx.bench.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Suite format's case encryption on a small table: the encryption cost's lines alone, with the
 * allocation of each variant beside the cipher's floor, and no other measurement.
 */
class EncryptionCaseTest {
    @TempDir Path dir;

    private String run(BenchmarkReport report, ByteArrayOutputStream out, String... argv)
            throws Exception {
        String[] all = new String[argv.length + 1];
        all[0] = "format";
        System.arraycopy(argv, 0, all, 1, argv.length);
        new FormatSuite().run(BenchmarkArgs.parse(all), report);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsTheEncryptionCostAndItsAllocationAlone() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(out, true, StandardCharsets.UTF_8));
        String printed =
                run(
                        report,
                        out,
                        "--case",
                        "encryption",
                        "--rows",
                        "3000",
                        "--rounds",
                        "1",
                        "--warmups",
                        "0",
                        "--dir",
                        dir.toString());
        assertThat(report.failures()).as(printed).isEmpty();
        for (String variant : new String[] {"gcm", "gcm_colkeys", "ctr", "ctr_colkeys"}) {
            for (String m : new String[] {"write", "read"}) {
                assertThat(printed)
                        .containsPattern(
                                "INFO encrypt_alloc format_encrypt_"
                                        + m
                                        + "_"
                                        + variant
                                        + " pqx=[0-9.]+ MiB pqx_plain=[0-9.]+ MiB added=[-+][0-9.]+"
                                        + " MiB \\([-0-9.]+x the plain file's bytes\\)"
                                        + " floor=[0-9.]+ MiB")
                        .contains("RESULT format_encrypt_" + m + "_" + variant + " pqx=");
            }
        }
        assertThat(printed)
                .containsPattern("INFO encrypt_cipher_work AES_GCM_V1 .* alloc=[0-9.]+ MiB;")
                .contains("INFO verified pqx_ctr_colkeys reads pqx_ctr_colkeys's file")
                .doesNotContain("format_write")
                .doesNotContain("format_crc_");
    }

    @Test
    void anUnknownCaseIsAFailure() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(out, true, StandardCharsets.UTF_8));
        run(report, out, "--case", "encrypt", "--dir", dir.toString());
        assertThat(report.failures())
                .containsExactly(
                        "Cannot run suite format: unknown case 'encrypt' (cases: all,"
                                + " encryption)");
    }
}
