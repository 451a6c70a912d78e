package io.pqx.tools.cli;

import io.pqx.format.ParquetInspector;
import io.pqx.format.io.InputFile;
import io.pqx.tools.report.MetadataReport;
import java.io.PrintStream;
import java.util.Set;

/**
 * {@code pqx meta FILE}: what the footer says, and whether the pages carry CRCs (see {@link
 * MetadataReport}). Reads the footer and the page headers only, with no schema conversion, so it
 * also works on files whose schema pqx cannot map to Flink.
 */
final class MetaCommand implements Command {

    @Override
    public String name() {
        return "meta";
    }

    @Override
    public String usage() {
        return "meta FILE [keys]";
    }

    @Override
    public String summary() {
        return "schema, row groups, column chunks, statistics, page CRCs";
    }

    @Override
    public Set<String> options() {
        return KeyArguments.OPTIONS;
    }

    @Override
    public void run(Arguments args, PrintStream out) throws Exception {
        try (InputFile file = ParquetFiles.openInput(FileArgument.resolve(args.single("FILE")))) {
            out.print(
                    MetadataReport.of(
                            ParquetInspector.read(
                                    file, args.readOptions(ParquetFiles.FOOTER_ONLY))));
        }
    }
}
