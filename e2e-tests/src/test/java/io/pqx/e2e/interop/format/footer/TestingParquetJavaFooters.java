package io.pqx.e2e.interop.format.footer;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;

/**
 * Footers as parquet-java (an independent implementation, which needs Hadoop on the classpath)
 * reads them, to compare pqx's footer reader and writer with.
 */
public final class TestingParquetJavaFooters {
    private TestingParquetJavaFooters() {}

    /** parquet-java's view of the footer of {@code file}. */
    public static ParquetMetadata read(Path file) throws IOException {
        return ParquetFileReader.readFooter(
                new LocalInputFile(file), ParquetMetadataConverter.NO_FILTER);
    }
}
