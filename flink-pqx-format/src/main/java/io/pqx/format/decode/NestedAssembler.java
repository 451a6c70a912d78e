package io.pqx.format.decode;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.schema.ListNode;
import io.pqx.format.schema.MapNode;
import io.pqx.format.schema.PrimitiveNode;
import io.pqx.format.schema.SchemaNode;
import io.pqx.format.schema.StructNode;
import io.pqx.format.schema.VariantNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapArrayVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapMapVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapRowVector;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;

/**
 * Builds the Flink vector of one top-level field that is nested (a ROW, ARRAY or MAP at any depth)
 * from the levels its leaves buffered for a batch, walking the {@link SchemaNode} tree.
 *
 * <p>Each node has vector <em>slots</em>: in a leaf's entries, a slot of node N starts at every
 * entry whose definition level reaches N's slot level (the level where N's position exists: 0 at
 * the top, a list's element level below a list, a map's entry level below a map, the parent's below
 * a row) and whose repetition level is at most N's slot repetition (the parent list's or map's
 * repetition level). All leaves under a node agree on its slots, so each node counts them on its
 * first leaf: a node is null in a slot when the definition level there is below its own; a list's
 * elements are the element slots between two list slots. Legacy layouts need nothing special: the
 * schema converter expressed them in these levels.
 *
 * <p>Created per row group by {@link RowGroupDecoder}; vectors are reused across batches.
 */
final class NestedAssembler {
    private static final WritableColumnVector[] NO_FIELDS = new WritableColumnVector[0];

    private final FileContext ctx;
    private final Part root;
    private final List<NestedLeafColumn> leaves = new ArrayList<>();
    private int buffer;
    private BatchPositions positions; // the batch being assembled, to name a refused row

    NestedAssembler(SchemaNode field, FileContext ctx) {
        this.ctx = ctx;
        this.root = build(field, 0, 0);
    }

    /** The leaves under the field, in schema order. */
    List<NestedLeafColumn> leaves() {
        return leaves;
    }

    /**
     * Assembles the batch's {@code rows} rows into vector buffer {@code buffer} (0 or 1; the other
     * buffer's vectors are left as they are); returns the field's vector.
     */
    WritableColumnVector assemble(int rows, int buffer, BatchPositions positions)
            throws IOException {
        this.positions = positions;
        if (buffer != this.buffer) {
            swap(root);
            this.buffer = buffer;
        }
        int slots = assemble(root);
        if (slots != rows) {
            throw mismatch(root, rows, slots);
        }
        return root.vector;
    }

    private Part build(SchemaNode node, int slotDef, int slotRep) {
        Part part = new Part(node, slotDef, slotRep);
        if (node instanceof PrimitiveNode leaf) {
            NestedLeafColumn column = new NestedLeafColumn(leaf, ctx.column(leaf.path()), slotDef);
            leaves.add(column);
            part.leaf = column;
        } else if (node instanceof StructNode struct) {
            for (SchemaNode child : struct.fields()) {
                part.children.add(build(child, slotDef, slotRep));
            }
        } else if (node instanceof VariantNode variant) {
            part.children.add(build(variant.physical(), slotDef, slotRep));
            if (variant.shapeError() == null) {
                part.variant = new VariantVectors(variant, variant.shape());
                part.spareVariant = new VariantVectors(variant, variant.shape());
            }
        } else if (node instanceof ListNode list) {
            part.children.add(
                    build(list.element(), list.elementDefinitionLevel(), list.repetitionLevel()));
        } else if (node instanceof MapNode map) {
            part.children.add(build(map.key(), map.entryDefinitionLevel(), map.repetitionLevel()));
            if (map.value() != null) {
                part.children.add(
                        build(map.value(), map.entryDefinitionLevel(), map.repetitionLevel()));
            }
        }
        part.firstLeaf = part.leaf != null ? part.leaf : part.children.get(0).firstLeaf;
        return part;
    }

    private static void swap(Part part) {
        part.swap();
        for (Part child : part.children) {
            swap(child);
        }
    }

    /** Fills {@code part.vector}; returns its number of slots. */
    private int assemble(Part part) throws IOException {
        if (part.leaf != null) {
            part.vector = part.leaf.values();
            return part.leaf.slots();
        }
        if (part.node instanceof StructNode struct) {
            return assembleStruct(part, struct);
        }
        if (part.node instanceof VariantNode) {
            return assembleVariant(part);
        }
        if (part.node instanceof ListNode list) {
            return assembleRepeated(
                    part,
                    list.definitionLevel(),
                    list.elementDefinitionLevel(),
                    list.repetitionLevel());
        }
        MapNode map = (MapNode) part.node;
        return assembleRepeated(
                part, map.definitionLevel(), map.entryDefinitionLevel(), map.repetitionLevel());
    }

    private int assembleStruct(Part part, StructNode struct) throws IOException {
        NestedLeafColumn leaf = part.firstLeaf;
        int[] rep = leaf.repetitionLevels();
        int[] def = leaf.definitionLevels();
        int slots = countSlots(part);
        if (!(part.vector instanceof HeapRowVector) || part.capacity < slots) {
            part.capacity = grow(part.capacity, slots);
            part.vector = new HeapRowVector(part.capacity);
        }
        HeapRowVector vector = (HeapRowVector) part.vector;
        vector.setFields(NO_FIELDS); // reset() of a row vector would also reset its children
        vector.reset();
        int nonNull = struct.definitionLevel();
        for (int i = 0, slot = 0, n = leaf.entries(); i < n; i++) {
            if (def[i] >= part.slotDef && rep[i] <= part.slotRep) {
                if (def[i] < nonNull) {
                    vector.setNullAt(slot);
                }
                slot++;
            }
        }
        WritableColumnVector[] fields = new WritableColumnVector[part.children.size()];
        for (int c = 0; c < fields.length; c++) {
            Part child = part.children.get(c);
            int childSlots = assemble(child);
            if (childSlots != slots) {
                throw mismatch(child, slots, childSlots);
            }
            fields[c] = child.vector;
        }
        vector.setFields(fields);
        return slots;
    }

    /** A variant: its group's fields as a row first, then Flink's (value, metadata) row. */
    private int assembleVariant(Part part) throws IOException {
        IOException shapeError = ((VariantNode) part.node).shapeError();
        if (shapeError != null) {
            throw shapeError; // the group breaks the shredding spec: no value can be trusted
        }
        Part group = part.children.get(0);
        int slots = assemble(group);
        try {
            part.vector = part.variant.assemble((HeapRowVector) group.vector, slots);
        } catch (VariantVectors.SlotRefusal e) {
            // a slot is a row of the batch unless the variant sits in a list or map
            String where =
                    part.slotRep == 0
                            ? "row " + positions.rowOf(e.slot) + " of the row group"
                            : "value "
                                    + e.slot
                                    + " of the batch starting at row "
                                    + positions.first();
            throw ctx.column(((VariantNode) part.node).path())
                    .corrupt(
                            "Cannot read variant " + part.node.name() + " at " + where,
                            e.getMessage());
        }
        return slots;
    }

    /** A list (one child) or a map (key and, unless the file has none, value children). */
    private int assembleRepeated(Part part, int nonNullDef, int elementDef, int elementRep)
            throws IOException {
        NestedLeafColumn leaf = part.firstLeaf;
        int[] rep = leaf.repetitionLevels();
        int[] def = leaf.definitionLevels();
        int slots = countSlots(part);
        if (part.capacity < slots || part.vector == null) {
            part.capacity = grow(part.capacity, slots);
            part.offsets = new long[part.capacity];
            part.lengths = new long[part.capacity];
            part.vector = repeatedVector(part.node, part.capacity);
        }
        part.vector.reset();
        long[] offsets = part.offsets;
        long[] lengths = part.lengths;
        int slot = -1;
        int elements = 0;
        for (int i = 0, n = leaf.entries(); i < n; i++) {
            if (def[i] >= part.slotDef && rep[i] <= part.slotRep) {
                slot++;
                offsets[slot] = elements;
                lengths[slot] = 0;
                if (def[i] < nonNullDef) {
                    part.vector.setNullAt(slot);
                }
            }
            if (def[i] >= elementDef && rep[i] <= elementRep) {
                if (slot < 0) {
                    throw ctx.column(leaf.node().path())
                            .corrupt(
                                    "Cannot assemble " + part.node.name(),
                                    "an element precedes its list");
                }
                elements++;
                lengths[slot]++;
            }
        }
        ColumnVector[] children = new ColumnVector[2];
        for (int c = 0; c < part.children.size(); c++) {
            Part child = part.children.get(c);
            int childSlots = assemble(child);
            if (childSlots != elements) {
                throw mismatch(child, elements, childSlots);
            }
            children[c] = child.vector;
        }
        if (part.vector instanceof HeapMapVector map) {
            map.setOffsets(offsets);
            map.setLengths(lengths);
            map.setSize(elements);
            map.setKeys(children[0]);
            map.setValues(children[1] != null ? children[1] : absentValues(part, elements));
        } else {
            HeapArrayVector array = (HeapArrayVector) part.vector;
            array.setOffsets(offsets);
            array.setLengths(lengths);
            array.setSize(elements);
            array.setChild(children[0]);
        }
        return slots;
    }

    /**
     * Flink's array or map vector, or, where the elements (map values) are VARIANT, pqx's, whose
     * arrays read a variant element (Flink 2.3's ColumnarArrayData refuses it).
     */
    private static WritableColumnVector repeatedVector(SchemaNode node, int capacity) {
        if (node instanceof MapNode map) {
            return map.value() instanceof VariantNode
                    ? new VariantMapVector(capacity)
                    : new HeapMapVector(capacity, null, null);
        }
        return ((ListNode) node).element() instanceof VariantNode
                ? new VariantArrayVector(capacity)
                : new HeapArrayVector(capacity);
    }

    /** A map written without a value field reads as a map whose values are all null. */
    private ColumnVector absentValues(Part part, int entries) {
        if (part.absentValues == null || part.absentValues.capacity < entries) {
            part.absentValues = new AllNullVector(grow(0, entries));
        }
        return part.absentValues;
    }

    private static int countSlots(Part part) {
        NestedLeafColumn leaf = part.firstLeaf;
        int[] rep = leaf.repetitionLevels();
        int[] def = leaf.definitionLevels();
        int slots = 0;
        for (int i = 0, n = leaf.entries(); i < n; i++) {
            if (def[i] >= part.slotDef && rep[i] <= part.slotRep) {
                slots++;
            }
        }
        return slots;
    }

    private static int grow(int capacity, int needed) {
        return Math.max(needed, Math.max(16, capacity * 2));
    }

    private CorruptFileException mismatch(Part part, int expected, int actual) {
        return ctx.column(part.firstLeaf.node().path())
                .corrupt(
                        "Cannot assemble " + part.node.name(),
                        "its levels give "
                                + actual
                                + " values where "
                                + expected
                                + " were expected");
    }

    /** One node of the field's tree with the vector it assembles into. */
    private static final class Part {
        final SchemaNode node;
        final int slotDef;
        final int slotRep;
        final List<Part> children = new ArrayList<>();
        NestedLeafColumn leaf;
        NestedLeafColumn firstLeaf;
        WritableColumnVector vector;
        int capacity;
        long[] offsets;
        long[] lengths;
        AllNullVector absentValues;
        VariantVectors variant;
        VariantVectors spareVariant;
        // the other batch buffer's vector and the arrays it points to
        WritableColumnVector spareVector;
        int spareCapacity;
        long[] spareOffsets;
        long[] spareLengths;

        Part(SchemaNode node, int slotDef, int slotRep) {
            this.node = node;
            this.slotDef = slotDef;
            this.slotRep = slotRep;
        }

        void swap() {
            WritableColumnVector v = vector;
            vector = spareVector;
            spareVector = v;
            int c = capacity;
            capacity = spareCapacity;
            spareCapacity = c;
            long[] o = offsets;
            offsets = spareOffsets;
            spareOffsets = o;
            long[] l = lengths;
            lengths = spareLengths;
            spareLengths = l;
            VariantVectors w = variant;
            variant = spareVariant;
            spareVariant = w;
        }
    }
}
