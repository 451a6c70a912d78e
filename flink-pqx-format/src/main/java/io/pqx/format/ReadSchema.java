package io.pqx.format;

import io.pqx.format.error.FileContext;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.ParquetToFlinkSchema;
import io.pqx.format.schema.PrimitiveNode;
import io.pqx.format.schema.SchemaNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.RowType;

/**
 * What a read produces: a file's schema ({@link ParquetReader#schema()}) or a projection of it
 * ({@link ParquetReader#project}), as the Flink {@link RowType} of the rows and batches read, and
 * the fields and Parquet leaf columns behind it. Immutable and thread-safe.
 *
 * <p>Guarantees: {@code fields().get(i)} is field {@code i} of {@link #rowType()} (and column
 * {@code i} of a batch read with this schema); {@link #leaves()} lists the Parquet leaves read, in
 * the order of the fields, each with its index among the <em>file's</em> leaves (a projection keeps
 * the file's numbering, which {@code ParquetReader.readColumnIndex} and friends take).
 *
 * <p>A read schema belongs to the reader that made it: pass it only to that reader's {@code
 * readRowGroup}, {@code rows} and {@code batches}.
 */
@PublicEvolving
public final class ReadSchema {
    private final ParquetSchema schema;
    private final List<FieldView> fields;
    private final List<LeafColumnView> leaves;

    private ReadSchema(ParquetSchema schema, List<FieldView> fields) {
        this.schema = schema;
        this.fields = List.copyOf(fields);
        List<LeafColumnView> all = new ArrayList<>();
        for (FieldView field : fields) {
            all.addAll(field.leaves());
        }
        this.leaves = List.copyOf(all);
    }

    static ReadSchema of(ParquetSchema schema) {
        List<FieldView> fields = new ArrayList<>(schema.fields().size());
        for (SchemaNode node : schema.fields()) {
            fields.add(MetadataViews.field(node));
        }
        return new ReadSchema(schema, fields);
    }

    /** The schema the decoder works with. */
    ParquetSchema internal() {
        return schema;
    }

    /**
     * The decoder's schema of this projection, once it is known to describe the file whose whole
     * schema is {@code file}: every leaf it reads is that file's leaf at the same index (a read
     * schema of another file with other columns would decode the wrong chunks).
     *
     * @throws IllegalArgumentException naming the column and the file ({@code ctx})
     */
    ParquetSchema internalOf(ReadSchema file, FileContext ctx) {
        if (this != file) {
            List<PrimitiveNode> leaves = file.schema.leaves();
            for (PrimitiveNode leaf : schema.leaves()) {
                if (leaf.leafIndex() >= leaves.size()
                        || !leaves.get(leaf.leafIndex()).column().equals(leaf.column())) {
                    throw new IllegalArgumentException(
                            "Cannot read column "
                                    + leaf.path()
                                    + ": the read schema is not one of this file's (use schema() or"
                                    + " project()) "
                                    + ctx.suffix());
                }
            }
        }
        return schema;
    }

    /**
     * This schema with the named top-level fields read as Flink VARIANT: a field that is a group of
     * exactly a binary {@code metadata} and a binary {@code value} without annotation (the layout
     * Spark 4.0 writes variants in) reads as VARIANT instead of a ROW; a field that is already
     * VARIANT stays. The leaves read are the same, so the result belongs to the same reader.
     * Without a request a file's unannotated group stays a ROW, since nothing in the file says it
     * holds variants.
     *
     * @throws IllegalArgumentException when a name is no top-level field or a field that cannot be
     *     read as VARIANT; the message names the field and its type
     */
    public ReadSchema withVariants(Collection<String> fieldNames) {
        if (fieldNames.isEmpty()) {
            return this;
        }
        return of(ParquetToFlinkSchema.readAsVariant(schema, fieldNames));
    }

    /** The Flink row type of the rows read; its fields are the top-level {@link #fields()}. */
    public RowType rowType() {
        return schema.rowType();
    }

    /** The top-level fields, in the row type's order. */
    public List<FieldView> fields() {
        return fields;
    }

    /** The Parquet leaf columns read, in field order. */
    public List<LeafColumnView> leaves() {
        return leaves;
    }

    /** A multi-line picture of the tree: names, Flink types, levels, leaf indexes and paths. */
    public String describe() {
        return schema.describe();
    }

    @Override
    public String toString() {
        return describe();
    }
}
