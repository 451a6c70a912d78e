package io.pqx.format;

import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FileRange;
import io.pqx.format.footer.RowGroupMetadata;
import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.ByteRange;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LogicalTypeView;
import io.pqx.format.metadata.Repetition;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.metadata.SchemaView;
import io.pqx.format.metadata.SortingColumnView;
import io.pqx.format.schema.ListNode;
import io.pqx.format.schema.MapNode;
import io.pqx.format.schema.PrimitiveNode;
import io.pqx.format.schema.SchemaNode;
import io.pqx.format.schema.StructNode;
import io.pqx.format.schema.VariantNode;
import io.pqx.format.stats.ChunkStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.SortingColumn;
import org.apache.parquet.schema.ColumnOrder;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Builds the public views of {@code io.pqx.format.metadata} from the internal footer and schema
 * objects, for {@link ParquetReader} and {@link ParquetWriter}. Every view is a copy: nothing of
 * the internal objects escapes. Stateless.
 */
final class MetadataViews {
    private MetadataViews() {}

    static FileMetadataView file(FileMetadata metadata) {
        List<ColumnDescriptor> columns = metadata.messageType().getColumns();
        List<LeafColumnView> leaves = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            leaves.add(leaf(columns.get(i), i));
        }
        List<String> fieldNames = new ArrayList<>();
        for (Type field : metadata.messageType().getFields()) {
            fieldNames.add(field.getName());
        }
        List<RowGroupView> rowGroups = new ArrayList<>(metadata.rowGroups().size());
        for (RowGroupMetadata rowGroup : metadata.rowGroups()) {
            rowGroups.add(rowGroup(rowGroup));
        }
        return new FileMetadataView(
                metadata.location(),
                metadata.fileLength(),
                metadata.footerOffset(),
                Optional.ofNullable(metadata.createdBy()),
                metadata.keyValueMetadata(),
                new SchemaView(metadata.messageType().toString(), fieldNames, leaves),
                rowGroups);
    }

    private static RowGroupView rowGroup(RowGroupMetadata rowGroup) {
        List<SortingColumnView> sorting = new ArrayList<>();
        for (SortingColumn column : rowGroup.sortingColumns()) {
            sorting.add(
                    new SortingColumnView(
                            column.getColumn_idx(), column.isDescending(), column.isNulls_first()));
        }
        List<ColumnChunkView> chunks = new ArrayList<>(rowGroup.columns().size());
        for (ColumnChunkMetadata chunk : rowGroup.columns()) {
            chunks.add(chunk(rowGroup.index(), chunk));
        }
        return new RowGroupView(
                rowGroup.index(),
                rowGroup.numRows(),
                rowGroup.totalByteSize(),
                rowGroup.totalCompressedSize(),
                rowGroup.thrift().isSetFile_offset()
                        ? OptionalLong.of(rowGroup.thrift().getFile_offset())
                        : OptionalLong.empty(),
                sorting,
                chunks);
    }

    private static ColumnChunkView chunk(int rowGroup, ColumnChunkMetadata chunk) {
        List<String> encodings = new ArrayList<>();
        for (Encoding encoding : chunk.encodings()) {
            encodings.add(encoding == null ? "UNKNOWN" : encoding.name());
        }
        PhysicalType type = PageIndexViews.physicalType(chunk.descriptor().getPrimitiveType());
        return new ColumnChunkView(
                rowGroup,
                chunk.leafIndex(),
                chunk.path(),
                type,
                chunk.codec() == null ? "UNKNOWN" : chunk.codec().name(),
                encodings,
                chunk.totalCompressedSize(),
                chunk.totalUncompressedSize(),
                chunk.numValues(),
                chunk.dataPageOffset(),
                chunk.dictionaryPageOffset(),
                chunk.columnIndex().map(MetadataViews::range),
                chunk.offsetIndex().map(MetadataViews::range),
                chunk.bloomFilter().map(MetadataViews::range),
                statistics(type, ChunkStatistics.of(chunk)));
    }

    private static ByteRange range(FileRange range) {
        return new ByteRange(range.offset(), range.length());
    }

    static ChunkStatisticsView statistics(PhysicalType type, ChunkStatistics stats) {
        if (!stats.hasMinMax()) {
            return ChunkStatisticsView.unbounded(type, stats.nullCount(), stats.untrustedReason());
        }
        Statistics<?> minMax = stats.minMax();
        return ChunkStatisticsView.bounded(
                type,
                stats.nullCount(),
                minMax.getMinBytes(),
                minMax.getMaxBytes(),
                minText(minMax),
                maxText(minMax),
                stats.minExact(),
                stats.maxExact());
    }

    /** parquet-column's text for the bound, or hex when its stringifier fails on the bytes. */
    private static String minText(Statistics<?> stats) {
        try {
            return stats.minAsString();
        } catch (RuntimeException e) {
            return hex(stats.getMinBytes());
        }
    }

    private static String maxText(Statistics<?> stats) {
        try {
            return stats.maxAsString();
        } catch (RuntimeException e) {
            return hex(stats.getMaxBytes());
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder("0x");
        for (byte b : bytes) {
            sb.append(String.format("%02x", b & 0xff));
        }
        return sb.toString();
    }

    static LeafColumnView leaf(ColumnDescriptor column, int leafIndex) {
        PrimitiveType type = column.getPrimitiveType();
        return new LeafColumnView(
                List.of(column.getPath()),
                leafIndex,
                PageIndexViews.physicalType(type),
                type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                        ? type.getTypeLength()
                        : 0,
                Repetition.valueOf(type.getRepetition().name()),
                Optional.ofNullable(type.getLogicalTypeAnnotation())
                        .map(MetadataViews::logicalType),
                column.getMaxDefinitionLevel(),
                column.getMaxRepetitionLevel(),
                type.columnOrder() == null
                        || type.columnOrder().getColumnOrderName()
                                != ColumnOrder.ColumnOrderName.UNDEFINED);
    }

    static LogicalTypeView logicalType(LogicalTypeAnnotation annotation) {
        String text = annotation.toString();
        int paren = text.indexOf('(');
        String name = paren < 0 ? text : text.substring(0, paren);
        int bitWidth = 0;
        boolean signed = false;
        boolean utc = false;
        String unit = null;
        int precision = 0;
        int scale = 0;
        if (annotation instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation integer) {
            bitWidth = integer.getBitWidth();
            signed = integer.isSigned();
        } else if (annotation
                instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation timestamp) {
            utc = timestamp.isAdjustedToUTC();
            unit = timestamp.getUnit().name();
        } else if (annotation instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation time) {
            utc = time.isAdjustedToUTC();
            unit = time.getUnit().name();
        } else if (annotation
                instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal) {
            precision = decimal.getPrecision();
            scale = decimal.getScale();
        }
        return new LogicalTypeView(name, text, bitWidth, signed, utc, unit, precision, scale);
    }

    /** The Flink-side tree of a read schema's field. */
    static FieldView field(SchemaNode node) {
        String parquetName = node.parquetType().getName();
        if (node instanceof PrimitiveNode leaf) {
            return new FieldView(
                    leaf.name(),
                    parquetName,
                    leaf.flinkType(),
                    FieldView.Kind.PRIMITIVE,
                    List.of(),
                    Optional.of(leaf(leaf.column(), leaf.leafIndex(), leaf.parquetType())),
                    leaf.definitionLevel(),
                    leaf.repetitionLevel());
        }
        List<FieldView> children = new ArrayList<>();
        FieldView.Kind kind;
        if (node instanceof StructNode struct) {
            kind = FieldView.Kind.ROW;
            struct.fields().forEach(f -> children.add(field(f)));
        } else if (node instanceof VariantNode variant) {
            // ROW with a VARIANT type: the group read whole as one value (see Kind.ROW)
            kind = FieldView.Kind.ROW;
            variant.physical().fields().forEach(f -> children.add(field(f)));
        } else if (node instanceof ListNode list) {
            kind = FieldView.Kind.LIST;
            children.add(field(list.element()));
        } else {
            MapNode map = (MapNode) node;
            kind = FieldView.Kind.MAP;
            children.add(field(map.key()));
            if (map.value() != null) {
                children.add(field(map.value()));
            }
        }
        return new FieldView(
                node.name(),
                parquetName,
                node.flinkType(),
                kind,
                children,
                Optional.empty(),
                node.definitionLevel(),
                node.repetitionLevel());
    }

    /**
     * A leaf of a read schema: the node's own Parquet type, which for a legacy 2-level list's
     * element is the repeated field read as REQUIRED (see {@link ListNode}).
     */
    private static LeafColumnView leaf(ColumnDescriptor column, int leafIndex, PrimitiveType type) {
        LeafColumnView fromColumn = leaf(column, leafIndex);
        return new LeafColumnView(
                fromColumn.path(),
                leafIndex,
                fromColumn.physicalType(),
                fromColumn.typeLength(),
                Repetition.valueOf(type.getRepetition().name()),
                Optional.ofNullable(type.getLogicalTypeAnnotation())
                        .map(MetadataViews::logicalType),
                fromColumn.maxDefinitionLevel(),
                fromColumn.maxRepetitionLevel(),
                fromColumn.columnOrderDefined());
    }
}
