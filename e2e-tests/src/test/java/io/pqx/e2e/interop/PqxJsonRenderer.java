package io.pqx.e2e.interop;

import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.tools.json.JsonRowRenderer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;

/**
 * Renders a Parquet file as JSON lines with pqx itself: {@link ParquetReader} decodes all rows of
 * the whole schema and pqx-tools' {@link JsonRowRenderer} renders them, exactly as {@code pqx cat}
 * does. The subject of the interop and corpus tests, compared with the peers. Decoding errors
 * surface as the reader's own IOException (CorruptFileException, UnsupportedFileException), not
 * wrapped. Stateless.
 */
final class PqxJsonRenderer {

    private PqxJsonRenderer() {}

    /** All rows of {@code file} with default read options. */
    static List<String> render(Path file) throws IOException {
        return render(file, ReadOptions.defaults());
    }

    /** All rows of {@code file}, in file order, one JSON object per line. */
    static List<String> render(Path file, ReadOptions options) throws IOException {
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        options)) {
            ReadSchema schema = reader.schema();
            JsonRowRenderer renderer = new JsonRowRenderer(schema);
            List<String> lines = new ArrayList<>();
            try (CloseableIterator<RowData> rows = reader.rows(schema)) {
                while (rows.hasNext()) {
                    lines.add(renderer.render(rows.next()));
                }
            } catch (UncheckedIOException e) {
                // The row iterator reports decoding errors unchecked; the corpus test wants the
                // CorruptFileException / UnsupportedFileException itself.
                throw e.getCause();
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException("Cannot close the rows of " + file, e);
            }
            return lines;
        }
    }

    /** The row count recorded in the footer, as pqx reads it. */
    static long footerRows(Path file) throws IOException {
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            return reader.metadata().numRows();
        }
    }
}
