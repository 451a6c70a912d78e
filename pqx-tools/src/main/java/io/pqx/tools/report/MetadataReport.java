package io.pqx.tools.report;

import io.pqx.format.ParquetInspector;
import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.ChunkEncryption;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.PageChecksumCount;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.metadata.SchemaView;
import io.pqx.format.metadata.SortingColumnView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.flink.annotation.Internal;

/**
 * The text {@code pqx meta} prints for a file: file facts, the Parquet schema, then per row group
 * its size and sorting columns and per column chunk its type, codec, encodings, sizes, statistics
 * (with exactness, or why they are untrusted), page index and bloom filter presence, and how many
 * of its pages carry a CRC-32 (read from the page headers, which are not in the footer). An
 * encrypted chunk says so ({@code encryption: encrypted (key given)}); of one whose key was not
 * given, what the footer cannot show without the key (statistics, page index, bloom filter, and its
 * layout when the file keeps no plaintext copy) is {@code unknown: encrypted (key not given)},
 * never shown as empty.
 *
 * <p>Used by {@code pqx meta} and the demo. Stateless and thread-safe.
 */
@Internal
public final class MetadataReport {

    private static final int MAX_VALUE_CHARS = 64;
    private static final String KEY_NOT_GIVEN = "encrypted (key not given)";

    /** What the footer shows of a chunk whose key is missing, in place of what it cannot know. */
    private static final String UNKNOWN = "unknown: " + KEY_NOT_GIVEN;

    private MetadataReport() {}

    /**
     * The whole report, one fact per line, ending with a newline. Reads the page headers of every
     * column chunk through {@code inspector} (small ranged reads, no page body); a chunk whose
     * headers cannot be read gets the reason on its {@code page crc} line, and the rest of the
     * report.
     */
    public static String of(ParquetInspector inspector) {
        FileMetadataView metadata = inspector.metadata();
        StringBuilder sb = new StringBuilder(1024);
        line(sb, "", "file", metadata.location());
        line(sb, "", "size", metadata.fileLength() + " bytes");
        line(sb, "", "created_by", metadata.createdBy().orElse("(not set)"));
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
        for (String schemaLine : metadata.schema().text().split("\n")) {
            sb.append("  ").append(schemaLine.stripTrailing()).append('\n');
        }
        for (RowGroupView rowGroup : metadata.rowGroups()) {
            appendRowGroup(sb, metadata.schema(), rowGroup, inspector);
        }
        return sb.toString();
    }

    private static void appendRowGroup(
            StringBuilder sb,
            SchemaView schema,
            RowGroupView rowGroup,
            ParquetInspector inspector) {
        sb.append("row group ").append(rowGroup.ordinal()).append(":\n");
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
        for (ColumnChunkView column : rowGroup.columns()) {
            appendColumn(sb, schema.leaves().get(column.leafIndex()), column, inspector);
        }
    }

    private static void appendColumn(
            StringBuilder sb,
            LeafColumnView leaf,
            ColumnChunkView column,
            ParquetInspector inspector) {
        ChunkEncryption encryption =
                inspector.chunkEncryption(column.rowGroup(), column.leafIndex());
        boolean keyMissing = encryption == ChunkEncryption.KEY_MISSING;
        // without its key, what the footer shows of the chunk is not what the file holds
        boolean layoutUnknown = keyMissing && ChunkEncryption.layoutUnknown(column);
        sb.append("  column ").append(column.path()).append(":\n");
        line(sb, "    ", "type", typeName(leaf));
        if (encryption != ChunkEncryption.PLAINTEXT) {
            line(sb, "    ", "encryption", keyMissing ? KEY_NOT_GIVEN : "encrypted (key given)");
        }
        line(sb, "    ", "codec", layoutUnknown ? UNKNOWN : column.codecName());
        line(
                sb,
                "    ",
                "encodings",
                layoutUnknown ? UNKNOWN : String.join(", ", column.encodings()));
        line(
                sb,
                "    ",
                "bytes",
                layoutUnknown
                        ? UNKNOWN
                        : column.totalCompressedSize()
                                + " compressed, "
                                + column.totalUncompressedSize()
                                + " uncompressed");
        line(sb, "    ", "values", layoutUnknown ? UNKNOWN : Long.toString(column.numValues()));
        line(sb, "    ", "statistics", keyMissing ? UNKNOWN : statistics(column.statistics()));
        line(
                sb,
                "    ",
                "page index",
                keyMissing
                        ? UNKNOWN
                        : "column index "
                                + yesNo(column.hasColumnIndex())
                                + ", offset index "
                                + yesNo(column.hasOffsetIndex()));
        line(sb, "    ", "bloom filter", keyMissing ? UNKNOWN : yesNo(column.hasBloomFilter()));
        line(sb, "    ", "page crc", pageChecksums(column, inspector));
    }

    /** {@code yes (n of n pages)}, {@code no (0 of n pages)} or {@code partly (k of n pages)}. */
    static String pageChecksums(ColumnChunkView column, ParquetInspector inspector) {
        PageChecksumCount crcs;
        try {
            crcs = inspector.readPageChecksums(column.rowGroup(), column.leafIndex());
        } catch (IOException e) {
            return "unknown: " + e.getMessage();
        }
        String answer = crcs.all() ? "yes" : crcs.withCrc() == 0 ? "no" : "partly";
        return answer
                + " ("
                + crcs.withCrc()
                + " of "
                + crcs.pages()
                + (crcs.pages() == 1 ? " page)" : " pages)");
    }

    /** Physical type (with length for FIXED_LEN_BYTE_ARRAY), repetition and logical annotation. */
    static String typeName(LeafColumnView leaf) {
        StringBuilder sb = new StringBuilder();
        sb.append(leaf.repetition().name().toLowerCase(Locale.ROOT)).append(' ');
        // The format spec's names (parquet-java calls BYTE_ARRAY "BINARY").
        sb.append(leaf.physicalType().name());
        if (leaf.physicalType() == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
            sb.append('(').append(leaf.typeLength()).append(')');
        }
        leaf.logicalType().ifPresent(annotation -> sb.append(' ').append(annotation.text()));
        if (!leaf.columnOrderDefined()) {
            sb.append(" (column order undefined)");
        }
        return sb.toString();
    }

    /**
     * Trusted bounds as {@code min=.., max=..} (each marked {@code (exact)} when the writer says
     * the bound occurs in the chunk), the null count when recorded, and for bounds that cannot be
     * used, {@code untrusted: <reason>}.
     */
    static String statistics(ChunkStatisticsView stats) {
        List<String> parts = new ArrayList<>();
        if (stats.hasMinMax()) {
            parts.add("min=" + readable(stats.minText()) + (stats.minExact() ? " (exact)" : ""));
            parts.add("max=" + readable(stats.maxText()) + (stats.maxExact() ? " (exact)" : ""));
        }
        if (stats.nullCount().isPresent()) {
            parts.add("nulls=" + stats.nullCount().getAsLong());
        }
        if (!stats.hasMinMax()) {
            parts.add("untrusted: " + stats.untrustedReason().orElseThrow());
        }
        return String.join(", ", parts);
    }

    private static String sortingColumns(SchemaView schema, List<SortingColumnView> sorting) {
        if (sorting.isEmpty()) {
            return "(none)";
        }
        List<String> parts = new ArrayList<>();
        for (SortingColumnView column : sorting) {
            int index = column.columnIndex();
            String path =
                    schema.leaf(index)
                            .map(LeafColumnView::dottedPath)
                            .orElse("#" + index + " (no such column)");
            parts.add(
                    path
                            + (column.descending() ? " DESC" : " ASC")
                            + (column.nullsFirst() ? " NULLS FIRST" : " NULLS LAST"));
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

    private static String yesNo(boolean value) {
        return value ? "yes" : "no";
    }

    private static void line(StringBuilder sb, String indent, String key, String value) {
        sb.append(indent).append(key).append(':');
        sb.append(" ".repeat(Math.max(1, 14 - key.length()))).append(value).append('\n');
    }
}
