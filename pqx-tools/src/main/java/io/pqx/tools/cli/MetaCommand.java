package io.pqx.tools.cli;

import io.pqx.tools.report.MetadataReport;

import java.io.PrintStream;

/**
 * {@code pqx meta FILE}: what the footer says (see {@link MetadataReport}). Reads the footer only,
 * so it also works on files whose schema pqx cannot map to Flink.
 */
final class MetaCommand implements Command {

    @Override
    public String name() {
        return "meta";
    }

    @Override
    public String usage() {
        return "meta FILE";
    }

    @Override
    public String summary() {
        return "schema, row groups, column chunks, statistics";
    }

    @Override
    public void run(Arguments args, PrintStream out) throws Exception {
        out.print(
                MetadataReport.of(
                        ParquetFiles.readFooter(FileArgument.resolve(args.single("FILE")))));
    }
}
