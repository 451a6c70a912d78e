package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Inspection without reading rows: page indexes, bloom filters, arguments, who closes the file. */
class ParquetInspectorTest {

    private static ParquetReader open(String name) throws IOException {
        Path file = TestingParquetFiles.data(name);
        return ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
    }

    @Test
    void readsPageIndexesAndBloomFiltersWhenAsked() throws Exception {
        try (ParquetReader reader = open("data_index_bloom_encoding_stats.parquet")) {
            ParquetInspector inspector = ParquetInspector.of(reader);
            assertThat(inspector.readColumnIndex(0, 0)).isPresent();
            assertThat(inspector.readOffsetIndex(0, 0).orElseThrow().pageCount()).isPositive();
            var bloom = inspector.readBloomFilter(0, 0).orElseThrow();
            assertThat(bloom.mightContain("Hello")).isTrue();
        }
        try (ParquetReader reader = open("alltypes_plain.parquet")) {
            ParquetInspector inspector = ParquetInspector.of(reader);
            assertThat(inspector.readColumnIndex(0, 0)).isEmpty();
            assertThat(inspector.readOffsetIndex(0, 0)).isEmpty();
            assertThat(inspector.readBloomFilter(0, 0)).isEmpty();
        }
    }

    @Test
    void rejectsRowGroupsAndLeavesThatDoNotExist() throws Exception {
        try (ParquetReader reader = open("alltypes_plain.parquet")) {
            String file = reader.metadata().location();
            ParquetInspector inspector = ParquetInspector.of(reader);
            assertThatThrownBy(() -> inspector.readColumnIndex(0, 99))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Cannot read column 99: the file has 11 leaf columns (" + file + ")");
            assertThatThrownBy(() -> inspector.readPageChecksums(1, 0))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Cannot read row group 1: the file has 1 (" + file + ")");
        }
    }

    @Test
    void aFooterOnlyInspectorSeesWhatTheReadersInspectorSees() throws Exception {
        Path path = TestingParquetFiles.data("data_index_bloom_encoding_stats.parquet");
        org.apache.flink.core.fs.Path flinkPath = new org.apache.flink.core.fs.Path(path.toUri());
        try (InputFile in = FlinkInputFile.open(flinkPath);
                ParquetReader reader = ParquetReader.open(flinkPath)) {
            ParquetInspector footerOnly = ParquetInspector.read(in, ReadOptions.defaults());
            ParquetInspector ofReader = ParquetInspector.of(reader);
            assertThat(footerOnly.metadata()).isEqualTo(reader.metadata());
            assertThat(ofReader.footer()).isSameAs(reader.footer());
            assertThat(footerOnly.readOffsetIndex(0, 0).orElseThrow().pages())
                    .isEqualTo(ofReader.readOffsetIndex(0, 0).orElseThrow().pages());
            assertThat(footerOnly.readPageChecksums(0, 0))
                    .isEqualTo(ofReader.readPageChecksums(0, 0));
            assertThat(footerOnly.readPageChecksums(0, 0).pages()).isPositive();
        }
    }

    @Test
    void leavesItsFileOpen() throws Exception {
        Path path = TestingParquetFiles.data("alltypes_plain.parquet");
        boolean[] closed = {false};
        try (InputFile in = FlinkInputFile.open(new org.apache.flink.core.fs.Path(path.toUri()))) {
            InputFile watched =
                    new InputFile() {
                        @Override
                        public String location() {
                            return in.location();
                        }

                        @Override
                        public long length() throws IOException {
                            return in.length();
                        }

                        @Override
                        public void readFully(long position, byte[] buffer, int offset, int length)
                                throws IOException {
                            in.readFully(position, buffer, offset, length);
                        }

                        @Override
                        public void close() {
                            closed[0] = true;
                        }
                    };
            ParquetInspector inspector = ParquetInspector.read(watched, ReadOptions.defaults());
            assertThat(inspector.metadata().numRows()).isEqualTo(8);
            assertThat(inspector.readPageChecksums(0, 0).pages()).isPositive();
            assertThat(closed[0]).isFalse();
        }
    }
}
