package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EncryptedCorpusReaderTest {
    @Test
    void explore() throws Exception {
        for (String name :
                List.of(
                        TestingEncryptedFiles.PLAIN_FOOTER,
                        TestingEncryptedFiles.COLUMNS_AND_FOOTER,
                        TestingEncryptedFiles.UNIFORM,
                        TestingEncryptedFiles.CTR,
                        TestingEncryptedFiles.BLOOM,
                        TestingEncryptedFiles.AAD_STORED,
                        TestingEncryptedFiles.AAD_NOT_STORED)) {
            List<List<Object>> rows =
                    TestingRowValues.readAll(
                            TestingParquetFiles.data(name),
                            TestingEncryptedFiles.options(
                                    name.contains("aad")
                                            ? TestingEncryptedFiles.explicitKeys()
                                                    .aadPrefix(TestingEncryptedFiles.AAD_PREFIX)
                                                    .build()
                                            : TestingEncryptedFiles.explicitKeys().build()));
            System.out.println(name + " " + rows.size() + " " + rows.subList(0, 3));
            assertThat(rows).isNotEmpty();
        }
    }
}
