package io.pqx.sink;

import io.pqx.format.ParquetReader;
import io.pqx.format.metadata.FileMetadataView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;

/** Test helper: lists the files a sink left under a directory and reads them with pqx. */
public final class TestingSinkFiles {
    private TestingSinkFiles() {}

    /** Regular files whose name a reader sees (no leading '.' or '_'), sorted. */
    public static List<Path> committed(Path base) throws IOException {
        return list(base, false);
    }

    /** Regular files with a leading '.' (in-progress files of the recoverable writer). */
    public static List<Path> hidden(Path base) throws IOException {
        return list(base, true);
    }

    private static List<Path> list(Path base, boolean hidden) throws IOException {
        // a running sink may delete an in-progress file while the walk passes it: walk again
        for (int attempt = 1; ; attempt++) {
            try {
                return walk(base, hidden);
            } catch (UncheckedIOException e) {
                if (!(e.getCause() instanceof NoSuchFileException) || attempt == 5) {
                    throw e;
                }
            } catch (NoSuchFileException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }

    private static List<Path> walk(Path base, boolean hidden) throws IOException {
        if (!Files.exists(base)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(base)) {
            return files.filter(Files::isRegularFile)
                    .filter(
                            p -> {
                                String name = p.getFileName().toString();
                                boolean isHidden = name.startsWith(".") || name.startsWith("_");
                                return hidden == name.startsWith(".") && (hidden || !isHidden);
                            })
                    .sorted()
                    .toList();
        }
    }

    public static FileMetadataView footer(Path file) throws IOException {
        try (ParquetReader reader = open(file)) {
            return reader.metadata();
        }
    }

    /** Every row of {@code file}, each turned into a value by {@code extract}. */
    public static <T> List<T> read(Path file, Function<RowData, T> extract) throws IOException {
        List<T> out = new ArrayList<>();
        try (ParquetReader reader = open(file);
                CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            while (rows.hasNext()) {
                out.add(extract.apply(rows.next()));
            }
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
        return out;
    }

    private static ParquetReader open(Path file) throws IOException {
        return ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
    }
}
