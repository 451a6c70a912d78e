package io.pqx.format.footer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;

/**
 * {@link BoundedThrift} decodes straight from the array ({@link ArrayTransport}): exactly the
 * struct's bytes, never past the given length, and a lying length inside is refused before Thrift
 * allocates for it.
 */
class BoundedThriftTest {

    private static PageHeader header() {
        PageHeader header = new PageHeader(PageType.DATA_PAGE, 4000, 4000);
        header.setCrc(0x1234_5678);
        header.setData_page_header(
                new DataPageHeader(1000, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        return header;
    }

    private static byte[] bytes(PageHeader header) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writePageHeader(header, out);
        return out.toByteArray();
    }

    /** {@code before} junk bytes, the struct, then {@code after} more junk. */
    private static byte[] framed(byte[] struct, int before, int after) {
        byte[] framed = new byte[before + struct.length + after];
        Arrays.fill(framed, (byte) 0x7F);
        System.arraycopy(struct, 0, framed, before, struct.length);
        return framed;
    }

    @Test
    void readsTheStructAtItsOffsetAndSaysHowManyBytesItTook() throws IOException {
        byte[] struct = bytes(header());
        byte[] framed = framed(struct, 13, 50);
        PageHeader read = new PageHeader();

        int used = BoundedThrift.read(read, framed, 13, framed.length - 13);

        assertThat(used).isEqualTo(struct.length);
        assertThat(read).isEqualTo(header());
    }

    /**
     * Binary fields (here a page's statistics) get arrays of their own: they neither change with
     * the array decoded from (a row group's buffer, reused) nor start anywhere but at 0 in it.
     */
    @Test
    void binaryFieldsAreCopiedOutOfTheArray() throws IOException {
        PageHeader header = header();
        header.getData_page_header()
                .setStatistics(
                        new Statistics()
                                .setMin_value(new byte[] {1, 2, 3})
                                .setMax_value(new byte[] {7, 8, 9, 10}));
        byte[] framed = framed(bytes(header), 21, 0);
        PageHeader read = new PageHeader();
        BoundedThrift.read(read, framed, 21, framed.length - 21);

        Arrays.fill(framed, (byte) 0);

        assertThat(read).isEqualTo(header);
        Statistics statistics = read.getData_page_header().getStatistics();
        assertThat(statistics.bufferForMin_value().arrayOffset()).isZero();
        assertThat(statistics.bufferForMin_value().position()).isZero();
        assertThat(statistics.getMin_value()).containsExactly(1, 2, 3);
        assertThat(statistics.bufferForMax_value().array()).containsExactly(7, 8, 9, 10);
    }

    @Test
    void refusesAStructCutShortByTheLengthThoughTheArrayGoesOn() throws IOException {
        byte[] struct = bytes(header());
        byte[] framed = framed(struct, 5, 200);

        assertThatThrownBy(() -> BoundedThrift.read(new PageHeader(), framed, 5, struct.length - 3))
                .isInstanceOf(IOException.class);
    }

    @Test
    void refusesAListLongerThanTheBytesBeforeAllocatingIt() throws IOException {
        OffsetIndex index =
                new OffsetIndex(
                        List.of(new PageLocation(4, 100, 0), new PageLocation(104, 100, 50)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writeOffsetIndex(index, out);
        byte[] bytes = out.toByteArray();
        OffsetIndex read = new OffsetIndex();
        assertThat(BoundedThrift.read(read, bytes, 0, bytes.length)).isEqualTo(bytes.length);
        assertThat(read).isEqualTo(index);

        // field 1, a list of structs: 0x19, then 0xFC (size follows as a varint, elements
        // structs) and the size: a billion entries, in a message of a few bytes
        byte[] lying = {
            0x19, (byte) 0xFC, (byte) 0x80, (byte) 0x94, (byte) 0xEB, (byte) 0xDC, 0x03
        };
        assertThatThrownBy(() -> BoundedThrift.read(new OffsetIndex(), lying, 0, lying.length))
                .isInstanceOf(IOException.class)
                .hasMessage("Message size exceeds limit: 7");
    }

    @Test
    void internsTheFootersStringsWhenAsked() throws IOException {
        String path = new String("a_column_name_built_at_run_time_" + System.nanoTime());
        ColumnMetaData meta =
                new ColumnMetaData(
                        Type.INT64,
                        List.of(Encoding.PLAIN),
                        List.of(path),
                        CompressionCodec.UNCOMPRESSED,
                        1,
                        8,
                        8,
                        4);
        ColumnChunk chunk = new ColumnChunk(4);
        chunk.setMeta_data(meta);
        SchemaElement root = new SchemaElement("root");
        root.setNum_children(1);
        SchemaElement leaf = new SchemaElement(path);
        leaf.setType(Type.INT64);
        FileMetaData footer =
                new FileMetaData(
                        1, List.of(root, leaf), 1, List.of(new RowGroup(List.of(chunk), 8, 1)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writeFileMetaData(footer, out);
        byte[] bytes = out.toByteArray();

        FileMetaData interned = new FileMetaData();
        BoundedThrift.read(interned, bytes, 0, bytes.length, true);
        FileMetaData plain = new FileMetaData();
        BoundedThrift.read(plain, bytes, 0, bytes.length, false);

        assertThat(interned).isEqualTo(footer).isEqualTo(plain);
        String read = interned.getSchema().get(1).getName();
        assertThat(read).isSameAs(path.intern());
        assertThat(plain.getSchema().get(1).getName()).isNotSameAs(path.intern());
    }
}
