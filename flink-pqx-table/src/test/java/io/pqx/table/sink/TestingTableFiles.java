package io.pqx.table.sink;

import io.pqx.format.ParquetReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;

/**
 * Test helper: the files a pqx table's sink left under its path, and their rows read with the
 * format's {@link ParquetReader} (independent of the table's scan).
 */
public final class TestingTableFiles {
    private TestingTableFiles() {}

    /** Regular files a reader sees (no '.' or '_' at the start of any name under base), sorted. */
    public static List<Path> visible(Path base) throws IOException {
        if (!Files.exists(base)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(base)) {
            return files.filter(Files::isRegularFile)
                    .filter(
                            p -> {
                                for (Path part : base.relativize(p)) {
                                    String name = part.toString();
                                    if (name.startsWith(".") || name.startsWith("_")) {
                                        return false;
                                    }
                                }
                                return true;
                            })
                    .sorted()
                    .toList();
        }
    }

    /** Relative directories holding visible files, sorted ("" for the base path). */
    public static List<String> partitions(Path base) throws IOException {
        return visible(base).stream()
                .map(p -> base.relativize(p.getParent()).toString())
                .distinct()
                .sorted()
                .toList();
    }

    /** The rows of every visible file under {@code dir}, each turned into a value. */
    public static <T> List<T> rows(Path dir, Function<RowData, T> extract) throws IOException {
        List<T> out = new ArrayList<>();
        for (Path file : visible(dir)) {
            try (ParquetReader reader =
                            ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                    CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
                while (rows.hasNext()) {
                    out.add(extract.apply(rows.next()));
                }
            } catch (IOException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(e);
            }
        }
        return out;
    }
}
