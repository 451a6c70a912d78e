package io.pqx.format.metadata;

import io.pqx.format.index.PhysicalType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * One leaf column of a Parquet schema: its path, physical and logical type, repetition and Dremel
 * levels. Immutable.
 *
 * <p>Leaves are numbered in schema order from 0 ({@link #leafIndex()}); a row group holds one
 * column chunk per leaf in the same order, and the reader's {@code readColumnIndex}, {@code
 * readOffsetIndex} and {@code readBloomFilter} take this number.
 *
 * @param path the Parquet field names from the root, e.g. {@code [tags, list, element]}
 * @param leafIndex the leaf's position among the schema's leaves
 * @param physicalType how values are stored
 * @param typeLength the byte length of a FIXED_LEN_BYTE_ARRAY, 0 for the other types
 * @param repetition the leaf's own repetition
 * @param logicalType the leaf's annotation, empty when it has none
 * @param maxDefinitionLevel the definition level of a non-null value
 * @param maxRepetitionLevel the number of repeated fields on the path
 * @param columnOrderDefined false when the footer declares the leaf's column order UNDEFINED (its
 *     statistics then carry no usable bounds); true otherwise
 */
@PublicEvolving
public record LeafColumnView(
        List<String> path,
        int leafIndex,
        PhysicalType physicalType,
        int typeLength,
        Repetition repetition,
        Optional<LogicalTypeView> logicalType,
        int maxDefinitionLevel,
        int maxRepetitionLevel,
        boolean columnOrderDefined) {

    public LeafColumnView {
        path = List.copyOf(path);
        Objects.requireNonNull(physicalType, "physicalType");
        Objects.requireNonNull(repetition, "repetition");
        Objects.requireNonNull(logicalType, "logicalType");
    }

    /** The dotted path, e.g. {@code tags.list.element}, as error messages and options name it. */
    public String dottedPath() {
        return String.join(".", path);
    }
}
