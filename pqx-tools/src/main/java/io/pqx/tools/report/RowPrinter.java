package io.pqx.tools.report;

import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.tools.json.JsonRowRenderer;
import io.pqx.tools.json.MalformedVariantException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;

/**
 * Prints rows of a file as JSON lines, the output of {@code pqx cat}: one line per row, rendered by
 * {@link JsonRowRenderer}, in file order. Used by {@code pqx cat} and the demo. A VARIANT value
 * whose bytes are malformed stops the printing with a {@code CorruptFileException} naming the file,
 * the row and the column; the rows before it are printed, no part of its row is.
 *
 * <p>Stateless and thread-safe (the reader passed in is not).
 */
@Internal
public final class RowPrinter {

    private RowPrinter() {}

    /** Prints at most {@code limit} rows of {@code projection} read by {@code reader}. */
    public static void print(
            ParquetReader reader, ReadSchema projection, long limit, PrintStream out)
            throws IOException {
        JsonRowRenderer renderer = new JsonRowRenderer(projection);
        StringBuilder line = new StringBuilder(256);
        try (CloseableIterator<RowData> rows = reader.rows(projection)) {
            for (long n = 0; n < limit && rows.hasNext(); n++) {
                line.setLength(0);
                try {
                    renderer.appendRow(line, rows.next());
                } catch (MalformedVariantException e) {
                    throw e.inFile(reader.metadata().location(), n);
                }
                out.append(line).append('\n');
            }
        } catch (UncheckedIOException e) {
            // The row iterator can only throw unchecked: give callers the reader's own exception.
            throw e.getCause();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            // CloseableIterator.close() declares Exception.
            throw new IOException("Cannot close the rows of " + reader.metadata().location(), e);
        }
    }
}
