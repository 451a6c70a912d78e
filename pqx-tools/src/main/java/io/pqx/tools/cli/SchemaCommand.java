package io.pqx.tools.cli;

import io.pqx.format.ParquetReader;
import io.pqx.format.options.ReadOptions;
import io.pqx.tools.report.VariantLayout;
import java.io.PrintStream;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code pqx schema FILE}: the Flink SQL type the file reads as, one line per top-level column
 * ({@code name TYPE}, names back-quoted when they are not plain identifiers), then a blank line and
 * the whole row type as one {@code ROW<...>}. Types are Flink's summary strings ({@code STRING},
 * {@code BYTES}, {@code TIMESTAMP_LTZ(6)}), which for the types a Parquet file reads as are valid
 * Flink SQL DDL. When the file has VARIANT columns, a blank line and their shredding layout follow
 * ({@link VariantLayout}), read from the footer's Parquet schema alone.
 */
final class SchemaCommand implements Command {

    private static final Pattern PLAIN_IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    @Override
    public String name() {
        return "schema";
    }

    @Override
    public String usage() {
        return "schema FILE [keys]";
    }

    @Override
    public String summary() {
        return "the Flink SQL type of the file";
    }

    @Override
    public Set<String> options() {
        return KeyArguments.OPTIONS;
    }

    @Override
    public void run(Arguments args, PrintStream out) throws Exception {
        RowType rowType;
        String variants;
        try (ParquetReader reader =
                ParquetFiles.openReader(
                        FileArgument.resolve(args.single("FILE")),
                        args.readOptions(ReadOptions.defaults()))) {
            rowType = reader.schema().rowType();
            variants = VariantLayout.of(reader.metadata().schema());
        }
        StringBuilder sb = new StringBuilder();
        for (RowType.RowField field : rowType.getFields()) {
            sb.append(identifier(field.getName()))
                    .append(' ')
                    .append(field.getType().asSummaryString())
                    .append('\n');
        }
        sb.append('\n').append(rowType.asSummaryString()).append('\n');
        if (!variants.isEmpty()) {
            sb.append('\n').append(variants);
        }
        out.print(sb);
    }

    static String identifier(String name) {
        return PLAIN_IDENTIFIER.matcher(name).matches()
                ? name
                : "`" + name.replace("`", "``") + "`";
    }
}
