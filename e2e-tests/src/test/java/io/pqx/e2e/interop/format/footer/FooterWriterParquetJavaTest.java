package io.pqx.e2e.interop.format.footer;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.footer.TestingFooterFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Footers pqx writes, read by parquet-java. */
class FooterWriterParquetJavaTest {

    @Test
    void writesAFooterThatParquetJavaReads(@TempDir Path dir) throws IOException {
        MessageType schema = TestingFooterFiles.complexSchema();
        Path file = dir.resolve("w.parquet");
        Files.write(file, TestingFooterFiles.file(TestingFooterFiles.footer(schema)));
        // parquet-java marks float/double leaves with a column order in toString(); compare the
        // rest.
        assertThat(
                        TestingParquetJavaFooters.read(file)
                                .getFileMetaData()
                                .getSchema()
                                .toString()
                                .replaceAll(" columnorder\\([A-Z0-9_]+\\)", ""))
                .isEqualTo(schema.toString());
    }
}
