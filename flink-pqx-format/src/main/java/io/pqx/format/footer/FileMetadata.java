package io.pqx.format.footer;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.schema.MessageType;

/**
 * The immutable, validated view of a file's Thrift {@link FileMetaData}: schema, row groups,
 * key-value metadata and the writer that produced it.
 *
 * <p>Built by {@link FooterReader#read} when reading a file and by the writer (through {@link
 * #fromThrift}) after it wrote one, so both sides see the same checks: schema is a valid tree, row
 * counts are not negative, every row group has one chunk per schema leaf whose bytes lie inside the
 * file, and the metadata of encrypted columns was decrypted where their keys are known.
 * Thread-safe.
 */
@Internal
public final class FileMetadata {
    private final String location;
    private final long fileLength;
    private final long footerOffset;
    private final FileMetaData thrift;
    private final MessageType messageType;
    private final Map<String, String> keyValueMetadata;
    private final List<RowGroupMetadata> rowGroups;
    private final long numRows;

    FileMetadata(
            String location,
            long fileLength,
            long footerOffset,
            FileMetaData thrift,
            MessageType messageType,
            Map<String, String> keyValueMetadata,
            List<RowGroupMetadata> rowGroups) {
        this.location = location;
        this.fileLength = fileLength;
        this.footerOffset = footerOffset;
        this.thrift = thrift;
        this.messageType = messageType;
        this.keyValueMetadata = keyValueMetadata;
        this.rowGroups = List.copyOf(rowGroups);
        long rows = 0;
        for (RowGroupMetadata rowGroup : rowGroups) {
            rows += rowGroup.numRows(); // validated: non-negative, and the sum fits a long
        }
        this.numRows = rows;
    }

    /**
     * Validates a footer the caller holds (the writer, after writing it) and builds its view.
     *
     * @param footerStart offset of the footer's first byte: every column chunk must end before it
     * @param fileLength length of the whole file, tail magic included
     */
    public static FileMetadata fromThrift(
            FileMetaData footer, String location, long footerStart, long fileLength)
            throws IOException {
        return FooterValidator.validate(footer, location, footerStart, fileLength);
    }

    /** The file's location, as given to the reader. */
    public String location() {
        return location;
    }

    public long fileLength() {
        return fileLength;
    }

    /** Offset of the footer's first byte (the Thrift struct, before its length and the magic). */
    public long footerOffset() {
        return footerOffset;
    }

    /**
     * Rows in the file: the sum of the row groups' row counts, which is what reading produces. The
     * footer's own {@code num_rows} is not used: some writers leave it at 0 (parquet-testing {@code
     * repeated_no_annotation.parquet}).
     */
    public long numRows() {
        return numRows;
    }

    /** The writer's {@code created_by} string, or null when the footer has none. */
    @Nullable
    public String createdBy() {
        return thrift.getCreated_by();
    }

    public MessageType messageType() {
        return messageType;
    }

    /**
     * Key-value metadata in file order (a repeated key keeps its last value); a key stored without
     * value maps to null.
     */
    public Map<String, String> keyValueMetadata() {
        return keyValueMetadata;
    }

    public List<RowGroupMetadata> rowGroups() {
        return rowGroups;
    }

    /** The Thrift struct this view reads. Do not modify. */
    public FileMetaData thrift() {
        return thrift;
    }
}
