package io.pqx.format.metadata;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * What a Parquet file's footer says, after pqx validated it: where the file is, its rows, the
 * writer, key-value metadata, the Parquet schema and the row groups. Built by {@code
 * ParquetReader.metadata()} / {@code ParquetInspector.metadata()} (reading) and returned by {@code
 * ParquetWriter.finish()} (writing), so both sides see the same facts. Immutable and thread-safe.
 *
 * <p>Validation guarantees: the schema is a valid tree, row counts are not negative and their sum
 * fits a long, and every row group has one chunk per schema leaf whose bytes lie between the head
 * magic and the footer (in an encrypted file: every chunk whose key the read was given; a chunk
 * whose key is missing shows no statistics and page index, and cannot be read).
 *
 * @param location the file's location, as given to the reader or writer
 * @param fileLength the file's length in bytes, tail magic included
 * @param footerOffset the offset of the footer's first byte (the Thrift {@code FileMetaData})
 * @param createdBy the writer's {@code created_by} string, when the footer has one
 * @param keyValueMetadata the footer's key-value metadata in file order (a repeated key keeps its
 *     last value, a key stored without value maps to null); unmodifiable
 * @param schema the file's Parquet schema
 * @param rowGroups the row groups, in file order
 */
@PublicEvolving
public record FileMetadataView(
        String location,
        long fileLength,
        long footerOffset,
        Optional<String> createdBy,
        Map<String, String> keyValueMetadata,
        SchemaView schema,
        List<RowGroupView> rowGroups) {

    /** Bytes after the footer: its 4-byte length and the 4-byte tail magic {@code PAR1}. */
    private static final int TAIL_BYTES = 8;

    public FileMetadataView {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(createdBy, "createdBy");
        // LinkedHashMap, not Map.copyOf: keeps file order and allows a key without value
        keyValueMetadata = Collections.unmodifiableMap(new LinkedHashMap<>(keyValueMetadata));
        Objects.requireNonNull(schema, "schema");
        rowGroups = List.copyOf(rowGroups);
        if (footerOffset < 0 || footerOffset + TAIL_BYTES > fileLength) {
            throw new IllegalArgumentException(
                    "Cannot build file metadata view: footer offset "
                            + footerOffset
                            + " does not fit a file of "
                            + fileLength
                            + " bytes");
        }
    }

    /**
     * Rows in the file: the sum of the row groups' row counts, which is what reading produces. The
     * footer's own {@code num_rows} is not used: some writers leave it at 0.
     */
    public long numRows() {
        long rows = 0;
        for (RowGroupView rowGroup : rowGroups) {
            rows += rowGroup.numRows();
        }
        return rows;
    }

    /** The footer's length in bytes (the Thrift {@code FileMetaData}, without length and magic). */
    public long footerLength() {
        return fileLength - TAIL_BYTES - footerOffset;
    }

    /** The row group at {@code ordinal}. */
    public RowGroupView rowGroup(int ordinal) {
        if (ordinal < 0 || ordinal >= rowGroups.size()) {
            throw new IndexOutOfBoundsException(
                    "Cannot read row group "
                            + ordinal
                            + ": the file has "
                            + rowGroups.size()
                            + " ("
                            + location
                            + ")");
        }
        return rowGroups.get(ordinal);
    }
}
