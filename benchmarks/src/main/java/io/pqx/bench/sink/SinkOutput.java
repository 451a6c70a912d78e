package io.pqx.bench.sink;

import io.pqx.bench.format.FileFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.flink.table.data.RowData;

/**
 * What one sink job left under its directory: the committed (visible) Parquet files in the order
 * they were written, their footer facts, and how many hidden files (leading {@code .} or {@code _},
 * e.g. in-progress parts) remain.
 *
 * <p>Files are ordered by the counter that both sinks put last in a part name ({@code
 * part-<uuid>-<n>.parquet} for Flink's FileSink, {@code part-<uuid>-<subtask>-<n>.parquet} for
 * pqx's); with parallelism 1 the concatenation of the files in that order must be the input table,
 * row for row. Immutable.
 *
 * @param files committed files, in write order
 * @param facts the footer facts of each file, same order
 * @param hiddenFiles hidden files left in the directory tree
 */
record SinkOutput(List<Path> files, List<FileFacts> facts, int hiddenFiles) {

    private static final Pattern PART_COUNTER = Pattern.compile("-(\\d+)(\\.[a-z]+)?$");

    /** Lists and reads the footers of what a sink left under {@code dir}. */
    static SinkOutput of(Path dir) throws IOException {
        List<Path> visible = new ArrayList<>();
        int hidden = 0;
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.filter(Files::isRegularFile).toList()) {
                if (isHidden(dir, path)) {
                    hidden++;
                } else {
                    visible.add(path);
                }
            }
        }
        visible.sort(Comparator.comparingLong(SinkOutput::partCounter).thenComparing(p -> p));
        List<FileFacts> facts = new ArrayList<>();
        for (Path file : visible) {
            facts.add(FileFacts.of(file));
        }
        return new SinkOutput(List.copyOf(visible), List.copyOf(facts), hidden);
    }

    /** Total bytes of the committed files. */
    long bytes() {
        return facts.stream().mapToLong(FileFacts::bytes).sum();
    }

    /** Rows in the committed files' footers. */
    long rows() {
        return facts.stream().mapToLong(FileFacts::rows).sum();
    }

    /** Row groups in the committed files. */
    int rowGroups() {
        return facts.stream().mapToInt(FileFacts::rowGroups).sum();
    }

    /**
     * Reads every value of every committed file with pqx's reader and compares the files'
     * concatenation, in write order, with {@code table}, row by row.
     *
     * @return empty when the files hold exactly the table, in order; else the first difference
     */
    Optional<String> verify(List<RowData> table) throws Exception {
        if (rows() != table.size()) {
            return Optional.of("footers hold " + rows() + " rows, want " + table.size());
        }
        int offset = 0;
        for (int i = 0; i < files.size(); i++) {
            int end = offset + Math.toIntExact(facts.get(i).rows());
            Optional<String> diff =
                    TableComparison.firstDifference(files.get(i), table.subList(offset, end));
            if (diff.isPresent()) {
                return Optional.of(
                        String.format(
                                "file %s (input rows %d..%d): %s",
                                files.get(i).getFileName(), offset, end, diff.get()));
            }
            offset = end;
        }
        return Optional.empty();
    }

    private static boolean isHidden(Path root, Path file) {
        for (Path part : root.relativize(file)) {
            String name = part.toString();
            if (name.startsWith(".") || name.startsWith("_")) {
                return true;
            }
        }
        return false;
    }

    private static long partCounter(Path file) {
        Matcher m = PART_COUNTER.matcher(file.getFileName().toString());
        return m.find() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
    }
}
