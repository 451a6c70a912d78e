package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

/**
 * A failed call breaks a {@link ParquetWriter}, a rejected row does not: the stream's failure
 * propagates with its message, every later call (of the writer and of its {@link WriterSizing})
 * fails naming the file, and {@link ParquetWriter#close()} closes the stream without writing more.
 */
class ParquetWriterBrokenTest {
    private static final String LOCATION = "broken.parquet";

    /** A stream that takes {@code room} bytes, then fails every write. */
    private static final class FullStream extends OutputStream {
        private final ByteArrayOutputStream taken = new ByteArrayOutputStream();
        private final int room;
        boolean closed;

        FullStream(int room) {
            this.room = room;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (taken.size() + len > room) {
                throw new IOException("disk full");
            }
            taken.write(b, off, len);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void aStreamFailureBreaksTheWriterAndCloseWritesNothingMore() throws IOException {
        List<RowData> rows = new TestingRandomRows(41).rows(TestingRowTypes.FLAT, 3_000);
        FullStream stream = new FullStream(64);
        ParquetWriter writer =
                ParquetWriter.builder(TestingRowTypes.FLAT)
                        .options(WriteOptions.builder().rowGroupRows(1_000).build())
                        .open(stream, LOCATION);
        IOException failure = null;
        try {
            for (RowData row : rows) {
                writer.write(row);
            }
            writer.writtenPrefix();
        } catch (IOException e) {
            failure = e;
        }
        assertThat(failure).as("the full stream's failure").isNotNull();
        assertThat(failure).hasStackTraceContaining("disk full");
        int taken = stream.taken.size();

        for (ThrowingCall call :
                List.<ThrowingCall>of(
                        () -> writer.write(rows.get(0)),
                        writer::cutRowGroup,
                        writer::writtenPrefix,
                        writer::finish,
                        () -> WriterSizing.of(writer).giveUpUnpayingDictionaries())) {
            assertThatThrownBy(call::run)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("Cannot write " + LOCATION + ": the writer failed before");
        }
        writer.close();
        assertThat(stream.closed).isTrue();
        assertThat(stream.taken.size()).as("no footer after the failure").isEqualTo(taken);
    }

    @Test
    void aRejectedRowLeavesTheWriterUsable() throws IOException {
        List<RowData> rows = new TestingRandomRows(42).rows(TestingRowTypes.FLAT, 10);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TestingRowTypes.FLAT).open(bytes, LOCATION)) {
            writer.write(rows.get(0));
            assertThatThrownBy(() -> writer.write(nullRow(rows.get(1).getArity())))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(LOCATION);
            writer.write(rows.get(2));
            writer.cutRowGroup();
            assertThat(writer.rowsWritten()).isEqualTo(2);
            assertThat(writer.finish().numRows()).isEqualTo(2);
        }
    }

    private static RowData nullRow(int arity) {
        return new GenericRowData(arity);
    }

    @FunctionalInterface
    private interface ThrowingCall {
        void run() throws IOException;
    }
}
