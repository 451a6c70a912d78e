package io.pqx.format.footer;

import static io.pqx.format.footer.TestingFooterFiles.file;
import static io.pqx.format.footer.TestingFooterFiles.footer;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;

class FooterWriterTest {

    @Test
    void appendsFooterLengthAndMagicAtTheStreamPosition() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(ParquetMagic.MAGIC);
        PositionOutputStream out = new PositionOutputStream(bytes, 4);
        FooterWriter.write(out, footer(TestingFooterFiles.complexSchema()));
        byte[] written = bytes.toByteArray();

        assertThat(out.position()).isEqualTo(written.length);
        assertThat(Arrays.copyOfRange(written, written.length - 4, written.length))
                .isEqualTo(ParquetMagic.MAGIC);
        int length =
                ByteBuffer.wrap(written, written.length - 8, 4)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .getInt();
        assertThat(length).isEqualTo(written.length - 4 - 8);
    }

    @Test
    void writesAFooterThatPqxReadsBack() throws IOException {
        MessageType schema = TestingFooterFiles.complexSchema();
        byte[] bytes = file(footer(schema));
        FileMetadata metadata =
                FooterReader.read(new ByteArrayInputFile("w.parquet", bytes), 1 << 20);
        assertThat(metadata.messageType()).isEqualTo(schema);
        assertThat(metadata.createdBy()).isEqualTo("pqx test");
        assertThat(metadata.keyValueMetadata())
                .containsEntry("k", "v")
                .containsEntry("no value", null);
        assertThat(metadata.rowGroups()).isEmpty();
        assertThat(metadata.numRows()).isZero();
    }
}
