package io.pqx.format.decode;

import io.pqx.format.prune.RowSelection;
import io.pqx.format.schema.ListNode;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.PrimitiveNode;
import io.pqx.format.schema.SchemaNode;
import io.pqx.format.schema.StructNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;

/**
 * Opens single leaf columns of a {@link TestingDecodeFiles} file, as the decoder would, and reads
 * their vectors.
 */
final class TestingLeafColumns {
    private TestingLeafColumns() {}

    /** The top-level primitive {@code field}, opened for {@code selection}. */
    static FlatLeafColumn flat(TestingDecodeFiles.Opened file, String field, RowSelection selection)
            throws IOException {
        ParquetSchema projection = file.project(field);
        PrimitiveNode node = (PrimitiveNode) projection.fields().get(0);
        FlatLeafColumn leaf = new FlatLeafColumn(node, file.context().column(node.path()));
        file.openLeaves(projection, selection, List.of(leaf));
        return leaf;
    }

    /**
     * The leaf of top-level {@code field}, a list of primitives or a row of one primitive, opened
     * for {@code selection}, with the slot level the assembler would give it.
     */
    static NestedLeafColumn nested(
            TestingDecodeFiles.Opened file, String field, RowSelection selection)
            throws IOException {
        ParquetSchema projection = file.project(field);
        SchemaNode top = projection.fields().get(0);
        PrimitiveNode node;
        int slotDefinitionLevel;
        if (top instanceof ListNode list) {
            node = (PrimitiveNode) list.element();
            slotDefinitionLevel = list.elementDefinitionLevel();
        } else {
            node = (PrimitiveNode) ((StructNode) top).fields().get(0);
            slotDefinitionLevel = 0;
        }
        NestedLeafColumn leaf =
                new NestedLeafColumn(node, file.context().column(node.path()), slotDefinitionLevel);
        file.openLeaves(projection, selection, List.of(leaf));
        return leaf;
    }

    /**
     * Slots {@code [from, from + n)} of a BIGINT, INT or STRING vector as Long / Integer / String,
     * null for null.
     */
    static List<Object> values(ColumnVector vector, int from, int n) {
        List<Object> values = new ArrayList<>();
        for (int i = from; i < from + n; i++) {
            if (vector.isNullAt(i)) {
                values.add(null);
            } else if (vector instanceof LongColumnVector longs) {
                values.add(longs.getLong(i));
            } else if (vector instanceof IntColumnVector ints) {
                values.add(ints.getInt(i));
            } else {
                BytesColumnVector.Bytes b = ((BytesColumnVector) vector).getBytes(i);
                values.add(new String(b.data, b.offset, b.len, StandardCharsets.UTF_8));
            }
        }
        return values;
    }

    static List<Integer> levels(int[] levels, int n) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(levels[i]);
        }
        return list;
    }
}
