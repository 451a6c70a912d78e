package io.pqx.format;

import io.pqx.format.footer.FileMetadata;
import io.pqx.format.metadata.FileMetadataView;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The validated footer of one Parquet file, as {@link ParquetReader#readFooter} read it: what
 * {@link ParquetReader#open(io.pqx.format.io.InputFile, ParquetFooter,
 * io.pqx.format.options.ReadOptions)} takes to open the same file again without reading its footer
 * a second time (a footer cached by the source's enumerator or split reader).
 *
 * <p>Why a type of its own and not a {@link FileMetadataView}: a view is a plain record anyone can
 * build, and it leaves out what decoding needs (encodings, page and index offsets as parquet-column
 * reads them). A {@code ParquetFooter} can only come from pqx's footer reader, so opening from it
 * skips no validation.
 *
 * <p>Immutable and thread-safe: one footer may be shared by readers on several threads. It holds
 * the decoded footer, a few times the footer's size in memory. The footer of an encrypted file
 * holds what the keys it was read with opened (the decrypted footer and column metadata, and the
 * column keys that decrypt the pages): a reader opened on it reads with those keys whatever its own
 * options say, so share it only where those keys may go.
 */
@PublicEvolving
public final class ParquetFooter {
    private final FileMetadata metadata;
    private final FileMetadataView view;

    private ParquetFooter(FileMetadata metadata) {
        this.metadata = metadata;
        this.view = MetadataViews.file(metadata);
    }

    static ParquetFooter of(FileMetadata metadata) {
        return new ParquetFooter(metadata);
    }

    /** The decoded footer, for the reader. */
    FileMetadata internal() {
        return metadata;
    }

    /** What the footer says. */
    public FileMetadataView metadata() {
        return view;
    }

    /**
     * The length of the file this footer was read from, in bytes: a reader opened on it checks it.
     */
    public long fileLength() {
        return metadata.fileLength();
    }

    /** The location the footer was read from, as given to the reader. */
    public String location() {
        return metadata.location();
    }

    @Override
    public String toString() {
        return "ParquetFooter["
                + metadata.location()
                + ", "
                + metadata.fileLength()
                + " bytes, "
                + metadata.rowGroups().size()
                + " row groups]";
    }
}
