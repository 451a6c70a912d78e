package io.pqx.format.schema;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.schema.MessageType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a Parquet file schema as a Flink {@link RowType} and links the two in a {@link
 * ParquetSchema} tree with exact Dremel levels, the tree both the decoder and the encoder walk.
 *
 * <p>Types come from the file (the mapping table of COMMON.md, see {@link PrimitiveTypeMapping}),
 * LIST and MAP layouts follow the spec's backward-compatibility rules (see {@link
 * SchemaTreeBuilder}). When the caller passes the Flink type pqx recorded in the file ({@link
 * io.pqx.format.options.WriteOptions#FLINK_SCHEMA_KEY}) and it fits the file field by field, its
 * types are used instead, so a pqx round trip yields the exact RowType written (see {@link
 * DeclaredTypeMatcher}); a declared type that does not fit is ignored (logged at DEBUG).
 *
 * <p>Called by the reader once per file footer and by {@link FlinkToParquetSchema#toParquetSchema}.
 * Stateless and thread-safe.
 */
@Internal
public final class ParquetToFlinkSchema {

    private static final Logger LOG = LoggerFactory.getLogger(ParquetToFlinkSchema.class);

    private ParquetToFlinkSchema() {}

    /**
     * The schema tree of {@code fileSchema}.
     *
     * @param declared the Flink type recorded under {@link
     *     io.pqx.format.options.WriteOptions#FLINK_SCHEMA_KEY}, or null; used only where it fits
     *     the file
     * @param ctx names the file in errors
     * @throws CorruptFileException if a LIST or MAP group has an impossible shape, a group repeats
     *     a field name, or a DECIMAL has an impossible precision or scale
     * @throws UnsupportedFileException if a column has no Flink equivalent (DECIMAL precision above
     *     38, FIXED_LEN_BYTE_ARRAY of length 0, a group without fields, a blank field name)
     */
    public static ParquetSchema convert(
            MessageType fileSchema, @Nullable RowType declared, FileContext ctx)
            throws UnsupportedFileException, CorruptFileException {
        List<SchemaNode> fields = SchemaTreeBuilder.build(fileSchema, ctx);
        if (declared != null) {
            Optional<List<SchemaNode>> typed = DeclaredTypeMatcher.match(fields, declared);
            if (typed.isPresent()) {
                return ParquetSchema.of(fileSchema, declared, typed.get());
            }
            LOG.debug(
                    "Ignoring declared type {}: it does not fit the file schema {}",
                    declared.asSummaryString(),
                    ctx);
        }
        return ParquetSchema.of(fileSchema, SchemaTreeBuilder.rowType(false, fields), fields);
    }

    /**
     * {@code schema} with each top-level field named in {@code fieldNames} read as VARIANT: an
     * unannotated group of exactly binary {@code metadata} and {@code value} becomes a {@link
     * VariantNode} over the same leaves; a VARIANT stays.
     *
     * @throws IllegalArgumentException for a name that is no top-level field or a field of another
     *     layout
     */
    public static ParquetSchema readAsVariant(ParquetSchema schema, Collection<String> fieldNames) {
        List<SchemaNode> fields = new ArrayList<>(schema.fields());
        for (String name : fieldNames) {
            int at = -1;
            for (int i = 0; i < fields.size(); i++) {
                if (fields.get(i).name().equals(name)) {
                    at = i;
                }
            }
            if (at < 0) {
                throw new IllegalArgumentException(
                        "Cannot read " + name + " as VARIANT: the schema has no such field");
            }
            SchemaNode node = fields.get(at);
            if (node instanceof VariantNode) {
                continue;
            }
            if (!(node instanceof StructNode struct)
                    || !VariantLayout.isUnannotatedLayout(struct.parquetType())) {
                throw new IllegalArgumentException(
                        "Cannot read "
                                + name
                                + " as VARIANT: it is "
                                + node.flinkType().asSummaryString()
                                + ", neither a VARIANT group nor a group of exactly binary"
                                + " metadata and binary value");
            }
            fields.set(at, VariantNode.of(struct, null));
        }
        return ParquetSchema.of(
                schema.messageType(), SchemaTreeBuilder.rowType(false, fields), fields);
    }
}
