package io.pqx.tools.cli;

import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.options.ReadOptions;
import io.pqx.tools.report.RowPrinter;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code pqx cat FILE [--limit N] [--columns a,b.c]}: rows as JSON lines, rendered by {@link
 * io.pqx.tools.json.JsonRowRenderer} (see {@code JSON-RENDERING.md}), in file order. {@code
 * --columns} keeps the named top-level columns or nested struct fields (dotted paths), in the order
 * given.
 */
final class CatCommand implements Command {

    @Override
    public String name() {
        return "cat";
    }

    @Override
    public String usage() {
        return "cat FILE [--limit N] [--columns a,b.c] [keys]";
    }

    @Override
    public String summary() {
        return "rows as JSON lines";
    }

    @Override
    public Set<String> options() {
        return KeyArguments.with("limit", "columns");
    }

    @Override
    public void run(Arguments args, PrintStream out) throws Exception {
        String file = args.single("FILE");
        long limit = args.nonNegativeLong("limit", Long.MAX_VALUE);
        List<String> columns = columns(args.option("columns"));
        try (ParquetReader reader =
                ParquetFiles.openReader(
                        FileArgument.resolve(file), args.readOptions(ReadOptions.defaults()))) {
            ReadSchema projection = columns == null ? reader.schema() : project(reader, columns);
            RowPrinter.print(reader, projection, limit, out);
        }
    }

    private static ReadSchema project(ParquetReader reader, List<String> columns)
            throws IOException {
        try {
            return reader.project(columns);
        } catch (IllegalArgumentException e) {
            // The projection's message names the column and lists the file's columns.
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The comma-separated paths of {@code --columns}, or null when absent. */
    private static List<String> columns(String option) throws UsageException {
        if (option == null) {
            return null;
        }
        List<String> paths = new ArrayList<>();
        for (String part : option.split(",", -1)) {
            String path = part.trim();
            if (path.isEmpty()) {
                throw new UsageException("--columns has an empty column name: '" + option + "'");
            }
            paths.add(path);
        }
        return paths;
    }
}
