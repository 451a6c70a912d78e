package io.pqx.tools.report;

import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.RowGroupMetadata;
import io.pqx.format.io.InputFile;
import io.pqx.format.page.PageChecksums;
import io.pqx.format.stats.ChunkStatistics;

import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.SortingColumn;
import org.apache.parquet.schema.ColumnOrder;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The text {@code pqx meta} prints for a file: file facts, the Parquet schema, then per row group
 * its size and sorting columns and per column chunk its type, codec, encodings, sizes, statistics
 * (with exactness, or why they are untrusted), page index and bloom filter presence, and how many of
 * its pages carry a CRC-32 (read from the page headers, which are not in the footer).
 *
 * <p>Used by {@code pqx meta} and the demo. Stateless and thread-safe.
 */
public final class MetadataReport {

    private static final int MAX_VALUE_CHARS = 64;

    private MetadataReport() {}

    /**
     * The whole report, one fact per line, ending with a newline. Reads the page headers of every
     * column chunk from {@code file} (small ranged reads, no page body); a chunk whose headers
     * cannot be read gets the reason on its {@code page crc} line, and the rest of the report.
     */
    public static String of(FileMetadata metadata, InputFile file) {
        StringBuilder sb = new StringBuilder(1024);
        line(sb, "", "file", metadata.location());
        line(sb, "", "size", metadata.fileLength() + " bytes");
        line(
                sb,
                "",
                "created_by",
                metadata.createdBy() == null ? "(not set)" : metadata.createdBy());
        line(sb, "", "rows", Long.toString(metadata.numRows()));
        line(sb, "", "row groups", Integer.toString(metadata.rowGroups().size()));
        line(
                sb,
                "",
                "key-value",
                metadata.keyValueMetadata().isEmpty()
                        ? "(none)"
                        : String.join(", ", metadata.keyValueMetadata().keySet()));
        sb.append("schema:\n");
        for (String schemaLine : metadata.messageType().toString().split("\n")) {
            sb.append("  ").append(schemaLine.stripTrailing()).append('\n');
        }
        for (RowGroupMetadata rowGroup : metadata.rowGroups()) {
            appendRowGroup(sb, metadata.messageType(), rowGroup, file);
        }
        return sb.toString();
    }

    private static void appendRowGroup(
            StringBuilder sb, MessageType schema, RowGroupMetadata rowGroup, InputFile file) {
        sb.append("row group ").append(rowGroup.index()).append(":\n");
        line(sb, "  ", "rows", Long.toString(rowGroup.numRows()));
        line(
                sb,
                "  ",
                "bytes",
                rowGroup.totalByteSize()
                        + " uncompressed, "
                        + rowGroup.totalCompressedSize()
                        + " compressed");
        line(sb, "  ", "sorting", sortingColumns(schema, rowGroup.sortingColumns()));
        for (ColumnChunkMetadata column : rowGroup.columns()) {
            appendColumn(sb, column, file);
        }
    }

    private static void appendColumn(StringBuilder sb, ColumnChunkMetadata column, InputFile file) {
        sb.append("  column ").append(column.path()).append(":\n");
        line(sb, "    ", "type", typeName(column.descriptor().getPrimitiveType()));
        line(sb, "    ", "codec", column.codec().name());
        List<String> encodings = new ArrayList<>();
        column.encodings().forEach(e -> encodings.add(String.valueOf(e)));
        line(sb, "    ", "encodings", String.join(", ", encodings));
        line(
                sb,
                "    ",
                "bytes",
                column.totalCompressedSize()
                        + " compressed, "
                        + column.totalUncompressedSize()
                        + " uncompressed");
        line(sb, "    ", "values", Long.toString(column.numValues()));
        line(sb, "    ", "statistics", statistics(ChunkStatistics.of(column)));
        line(
                sb,
                "    ",
                "page index",
                "column index "
                        + yesNo(column.columnIndex().isPresent())
                        + ", offset index "
                        + yesNo(column.offsetIndex().isPresent()));
        line(sb, "    ", "bloom filter", yesNo(column.bloomFilter().isPresent()));
        line(sb, "    ", "page crc", pageChecksums(column, file));
    }

    /** {@code yes (n of n pages)}, {@code no (0 of n pages)} or {@code partly (k of n pages)}. */
    static String pageChecksums(ColumnChunkMetadata column, InputFile file) {
        PageChecksums crcs;
        try {
            crcs = PageChecksums.of(file, column);
        } catch (IOException e) {
            return "unknown: " + e.getMessage();
        }
        String answer = crcs.all() ? "yes" : crcs.withCrc() == 0 ? "no" : "partly";
        return answer + " (" + crcs.withCrc() + " of " + crcs.pages()
                + (crcs.pages() == 1 ? " page)" : " pages)");
    }

    /** Physical type (with length for FIXED_LEN_BYTE_ARRAY), repetition and logical annotation. */
    static String typeName(PrimitiveType type) {
        StringBuilder sb = new StringBuilder();
        sb.append(type.getRepetition().name().toLowerCase(java.util.Locale.ROOT)).append(' ');
        // The format spec's name: parquet-java calls BYTE_ARRAY "BINARY".
        PrimitiveType.PrimitiveTypeName physical = type.getPrimitiveTypeName();
        sb.append(
                physical == PrimitiveType.PrimitiveTypeName.BINARY
                        ? "BYTE_ARRAY"
                        : physical.name());
        if (type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
            sb.append('(').append(type.getTypeLength()).append(')');
        }
        LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
        if (annotation != null) {
            sb.append(' ').append(annotation);
        }
        if (type.columnOrder() != null
                && type.columnOrder().getColumnOrderName()
                        == ColumnOrder.ColumnOrderName.UNDEFINED) {
            sb.append(" (column order undefined)");
        }
        return sb.toString();
    }

    /**
     * Trusted bounds as {@code min=.., max=..} (each marked {@code (exact)} when the writer says
     * the bound occurs in the chunk), the null count when recorded, and for bounds that cannot be
     * used, {@code untrusted: <reason>}.
     */
    static String statistics(ChunkStatistics stats) {
        List<String> parts = new ArrayList<>();
        if (stats.hasMinMax()) {
            Statistics<?> minMax = stats.minMax();
            parts.add(
                    "min=" + readable(minAsString(minMax)) + (stats.minExact() ? " (exact)" : ""));
            parts.add(
                    "max=" + readable(maxAsString(minMax)) + (stats.maxExact() ? " (exact)" : ""));
        }
        if (stats.nullCount().isPresent()) {
            parts.add("nulls=" + stats.nullCount().getAsLong());
        }
        if (!stats.hasMinMax()) {
            parts.add("untrusted: " + stats.untrustedReason());
        }
        return String.join(", ", parts);
    }

    private static String minAsString(Statistics<?> stats) {
        try {
            return stats.minAsString();
        } catch (RuntimeException e) {
            return hex(stats.getMinBytes());
        }
    }

    private static String maxAsString(Statistics<?> stats) {
        try {
            return stats.maxAsString();
        } catch (RuntimeException e) {
            return hex(stats.getMaxBytes());
        }
    }

    private static String sortingColumns(MessageType schema, List<SortingColumn> sorting) {
        if (sorting == null || sorting.isEmpty()) {
            return "(none)";
        }
        List<String> parts = new ArrayList<>();
        for (SortingColumn column : sorting) {
            int index = column.getColumn_idx();
            String path =
                    index >= 0 && index < schema.getColumns().size()
                            ? String.join(".", schema.getColumns().get(index).getPath())
                            : "#" + index + " (no such column)";
            parts.add(
                    path
                            + (column.isDescending() ? " DESC" : " ASC")
                            + (column.isNulls_first() ? " NULLS FIRST" : " NULLS LAST"));
        }
        return String.join(", ", parts);
    }

    /** Control characters escaped, long values cut (statistics may hold kilobytes of text). */
    private static String readable(String value) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        for (; i < value.length() && sb.length() < MAX_VALUE_CHARS; i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return i < value.length() ? sb + "..." : sb.toString();
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder("0x");
        for (byte b : bytes) {
            sb.append(String.format("%02x", b & 0xff));
        }
        return sb.toString();
    }

    private static String yesNo(boolean value) {
        return value ? "yes" : "no";
    }

    private static void line(StringBuilder sb, String indent, String key, String value) {
        sb.append(indent).append(key).append(':');
        sb.append(" ".repeat(Math.max(1, 14 - key.length()))).append(value).append('\n');
    }
}
