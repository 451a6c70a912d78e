package io.pqx.format.schema;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.io.IOException;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.VariantType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet variant group read as a Flink {@code VARIANT}: a group annotated {@code VARIANT}, or
 * the unannotated layout of exactly binary {@code metadata} and binary {@code value} when the
 * reader asked for VARIANT. {@code physical} is the same group read as a ROW of its Parquet fields
 * ({@code metadata}, {@code value}, {@code typed_value} in file order, with their levels), which
 * the decoder assembles first and {@link VariantLayout} has checked against the shredding spec; the
 * variant is never projected into (its leaves are all read).
 *
 * <p>A group that breaks the spec's layout still gets a node, so that the file opens and its other
 * columns read; {@code shapeError} holds the refusal, which reading the variant throws.
 *
 * @param flinkType a {@link VariantType}, nullable when the group is OPTIONAL
 * @param shapeError why the group breaks the shredding spec ({@link CorruptFileException} or {@link
 *     UnsupportedFileException} naming file and column), or null
 */
@Internal
public record VariantNode(
        String name,
        LogicalType flinkType,
        Type parquetType,
        StructNode physical,
        int definitionLevel,
        int repetitionLevel,
        @Nullable IOException shapeError)
        implements SchemaNode {

    /** The node reading {@code physical}'s group as a VARIANT of the same nullability. */
    static VariantNode of(StructNode physical, @Nullable IOException shapeError) {
        return new VariantNode(
                physical.name(),
                new VariantType(physical.flinkType().isNullable()),
                physical.parquetType(),
                physical,
                physical.definitionLevel(),
                physical.repetitionLevel(),
                shapeError);
    }

    /**
     * The group's shape.
     *
     * @throws IllegalStateException when the group breaks the shredding spec ({@link #shapeError()}
     *     says how)
     */
    public VariantLayout.Shape shape() {
        try {
            return VariantLayout.of(parquetType.asGroupType(), FileContext.of(name));
        } catch (CorruptFileException | UnsupportedFileException e) {
            throw new IllegalStateException("a variant node over a broken group " + name, e);
        }
    }

    /** The dotted Parquet column path of the group ("a.v"), as errors name it. */
    public String path() {
        for (SchemaNode field : physical.fields()) {
            if (field instanceof PrimitiveNode leaf
                    && field.name().equals(VariantLayout.METADATA)) {
                String metadata = leaf.path();
                return metadata.substring(
                        0, metadata.length() - VariantLayout.METADATA.length() - 1);
            }
        }
        throw new IllegalStateException("a variant node without metadata: " + name);
    }

    /** Whether the group has a {@code typed_value} (values need reassembly). */
    public boolean shredded() {
        return parquetType.asGroupType().containsField(VariantLayout.TYPED_VALUE);
    }
}
