package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * Flat leaves' decode arrays passed from row group to row group through {@link DecodeArrays}: a
 * decoder takes a set when made and gives it back when closed, so decoders of several row groups
 * open at once (their pages decoded lazily, stretch by stretch, in turn) never share a set, and
 * batches handed out before a set moves on keep their values.
 */
class DecodeArraysTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("k", DataTypes.BIGINT()),
                                    DataTypes.FIELD("s", DataTypes.STRING()))
                            .getLogicalType();
    private static final int GROUP = 600;
    private static final int GROUPS = 4;

    /** One page per chunk, so that a page is decoded stretch by stretch across many batches. */
    private static TestingDecodeFiles.Opened file() throws IOException {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < GROUP * GROUPS; i++) {
            rows.add(
                    GenericRowData.of(
                            i,
                            k(i) == null ? null : k(i),
                            s(i) == null ? null : StringData.fromString(s(i))));
        }
        ByteArrayInputFile file =
                TestingDecodeFiles.write(
                        TYPE,
                        WriteOptions.builder().pageRowLimit(GROUP).rowGroupRows(GROUP).build(),
                        rows);
        TestingDecodeFiles.Opened opened = TestingDecodeFiles.open(file);
        assertThat(opened.metadata().rowGroups()).hasSize(GROUPS);
        return opened;
    }

    /** Dictionary-encoded, with nulls at other rows in each row group. */
    private static Long k(int row) {
        return row % (3 + row / GROUP) == 0 ? null : (long) (row % 17) * (1 + row / GROUP);
    }

    /** Plain strings (all distinct), with nulls. */
    private static String s(int row) {
        return row % (5 + row / GROUP) == 1 ? null : "string " + row + " of group " + row / GROUP;
    }

    private static RowGroupBatches open(
            TestingDecodeFiles.Opened f, int rowGroup, boolean alternating, DecodeArrays arrays)
            throws IOException {
        return RowGroupDecoder.read(
                f.file(),
                f.metadata(),
                rowGroup,
                f.schema(),
                RowSelection.all(GROUP),
                37,
                TestingDecodeFiles.LIMITS,
                alternating,
                arrays);
    }

    private static int check(VectorizedColumnBatch batch) {
        for (int i = 0; i < batch.getNumRows(); i++) {
            int row = ((IntColumnVector) batch.columns[0]).getInt(i);
            LongColumnVector k = (LongColumnVector) batch.columns[1];
            assertThat(k.isNullAt(i) ? null : k.getLong(i))
                    .as("k of row %d", row)
                    .isEqualTo(k(row));
            BytesColumnVector s = (BytesColumnVector) batch.columns[2];
            String value = null;
            if (!s.isNullAt(i)) {
                BytesColumnVector.Bytes b = s.getBytes(i);
                value = new String(b.data, b.offset, b.len);
            }
            assertThat(value).as("s of row %d", row).isEqualTo(s(row));
        }
        return batch.getNumRows();
    }

    @Test
    void decodersOpenAtOnceTakeTheirOwnArrays() throws IOException {
        TestingDecodeFiles.Opened f = file();
        DecodeArrays arrays = new DecodeArrays();
        // row group 0 read and closed: its three sets wait in the pool
        try (RowGroupBatches first = open(f, 0, false, arrays)) {
            int rows = 0;
            for (VectorizedColumnBatch b = first.next(); b != null; b = first.next()) {
                rows += check(b);
            }
            assertThat(rows).isEqualTo(GROUP);
        }
        // three row groups in turn, batch by batch: the first takes the pooled sets
        List<RowGroupBatches> open = new ArrayList<>();
        for (int g = 1; g < GROUPS; g++) {
            open.add(open(f, g, false, arrays));
        }
        assertThat(arrays.reused()).isEqualTo(3);
        int[] rows = new int[GROUPS];
        boolean more = true;
        while (more) {
            more = false;
            for (int g = 1; g < GROUPS; g++) {
                VectorizedColumnBatch b = open.get(g - 1).next();
                if (b != null) {
                    rows[g] += check(b);
                    more = true;
                }
            }
        }
        for (RowGroupBatches batches : open) {
            batches.close();
        }
        for (int g = 1; g < GROUPS; g++) {
            assertThat(rows[g]).isEqualTo(GROUP);
        }
    }

    @Test
    void batchesHandedOutStayValidWhenTheirArraysMoveOn() throws IOException {
        TestingDecodeFiles.Opened f = file();
        DecodeArrays arrays = new DecodeArrays();
        VectorizedColumnBatch held = null;
        int rows = 0;
        for (int g = 0; g < GROUPS; g++) {
            RowGroupBatches batches = open(f, g, true, arrays);
            VectorizedColumnBatch last = null;
            for (VectorizedColumnBatch b = batches.next(); b != null; b = batches.next()) {
                if (held != null) {
                    check(held); // the batch before stays valid until the one after this
                }
                rows += check(b);
                held = last;
                last = b;
            }
            // the row group's arrays go back and the next row group takes them: the last batch
            // handed out still reads its own values
            batches.close();
            held = last;
        }
        check(held);
        assertThat(rows).isEqualTo(GROUP * GROUPS);
        assertThat(arrays.reused()).isEqualTo(3L * (GROUPS - 1));
    }

    /**
     * A leaf's buffer of decompressed pages goes from row group to row group (one page per chunk,
     * as DuckDB writes), and a page smaller than the one before reads its own bytes only, never the
     * earlier page's left in the buffer past its end.
     */
    @Test
    void pageBuffersMoveOnFromRowGroupToRowGroupAndShowOnlyTheirOwnPage() throws IOException {
        RowType type =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                        DataTypes.FIELD("s", DataTypes.STRING().notNull()))
                                .getLogicalType();
        // row group 0's strings are long, 1's short (its page is far smaller), 2's long again
        int[] widths = {60, 2, 40};
        List<RowData> rows = new ArrayList<>();
        for (int g = 0; g < widths.length; g++) {
            for (int i = 0; i < GROUP; i++) {
                int row = g * GROUP + i;
                rows.add(GenericRowData.of(row, StringData.fromString(wide(row, widths[g]))));
            }
        }
        TestingDecodeFiles.Opened f =
                TestingDecodeFiles.open(
                        TestingDecodeFiles.write(
                                type,
                                WriteOptions.builder()
                                        .pageRowLimit(GROUP)
                                        .rowGroupRows(GROUP)
                                        .dictionaryEnabled(false)
                                        .build(),
                                rows));
        DecodeArrays arrays = new DecodeArrays();
        for (int g = 0; g < widths.length; g++) {
            int read = 0;
            try (RowGroupBatches batches =
                    RowGroupDecoder.read(
                            f.file(),
                            f.metadata(),
                            g,
                            f.schema(),
                            RowSelection.all(GROUP),
                            37,
                            TestingDecodeFiles.LIMITS,
                            false,
                            arrays)) {
                for (VectorizedColumnBatch b = batches.next(); b != null; b = batches.next()) {
                    for (int i = 0; i < b.getNumRows(); i++) {
                        int row = ((IntColumnVector) b.columns[0]).getInt(i);
                        assertThat(row).isEqualTo(g * GROUP + read + i);
                        BytesColumnVector.Bytes s = ((BytesColumnVector) b.columns[1]).getBytes(i);
                        assertThat(new String(s.data, s.offset, s.len))
                                .as("s of row %d", row)
                                .isEqualTo(wide(row, widths[g]));
                    }
                    read += b.getNumRows();
                }
            }
            assertThat(read).isEqualTo(GROUP);
        }
        // both leaves' buffers were taken again by row groups 1 and 2
        assertThat(arrays.pageBuffersReused()).isEqualTo(2L * (widths.length - 1));

        // a read after its decoder closed fails (as any failure inside a leaf's read, reported
        // with the page it was on) rather than read a buffer passed on
        RowGroupBatches closed =
                RowGroupDecoder.read(
                        f.file(),
                        f.metadata(),
                        0,
                        f.schema(),
                        RowSelection.all(GROUP),
                        37,
                        TestingDecodeFiles.LIMITS,
                        false,
                        arrays);
        closed.next();
        closed.close();
        assertThatThrownBy(closed::next)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the row group's decoder is closed");
    }

    private static String wide(int row, int width) {
        String digits = Integer.toString(row * 7919);
        return (digits + "abcdefghijklmnopqrstuvwxyz".repeat(3)).substring(0, width);
    }
}
