package io.pqx.tools.cli;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.ReadOptions;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

/**
 * Opens the FILE of a command: checks that it exists and is a file (so the user sees "no such file"
 * rather than a file system's internal message), then reads its footer or opens a reader.
 *
 * <p>Stateless and thread-safe.
 */
final class ParquetFiles {

    /** Footers above this size are refused; far beyond any real file, well below the heap. */
    static final long MAX_FOOTER_BYTES = 256L << 20;

    /** The options of the footer-only commands (meta, count). */
    static final ReadOptions FOOTER_ONLY =
            ReadOptions.builder().maxFooterBytes(MAX_FOOTER_BYTES).build();

    private ParquetFiles() {}

    /** Reads and validates the footer only (no schema conversion), for count. */
    static FileMetadataView readFooter(Path path, ReadOptions options) throws IOException {
        try (InputFile file = openInput(path)) {
            return ParquetInspector.read(file, options).metadata();
        }
    }

    /** Opens the file for ranged reads, for meta (footer, then page headers). */
    static InputFile openInput(Path path) throws IOException {
        checkIsFile(path);
        return FlinkInputFile.open(path);
    }

    /** Opens a reader over the whole file, with {@code options} (defaults, or keys). */
    static ParquetReader openReader(Path path, ReadOptions options) throws IOException {
        checkIsFile(path);
        return ParquetReader.open(FlinkInputFile.open(path), options);
    }

    private static void checkIsFile(Path path) throws IOException {
        FileSystem fs = path.getFileSystem();
        FileStatus status;
        try {
            status = fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("Cannot open " + path + ": no such file");
        }
        if (status.isDir()) {
            throw new IOException("Cannot open " + path + ": it is a directory");
        }
    }
}
