package io.pqx.tools.cli;

import java.io.PrintStream;
import java.util.Set;

/** {@code pqx count FILE}: the number of rows, from the footer alone (no data page is read). */
final class CountCommand implements Command {

    @Override
    public String name() {
        return "count";
    }

    @Override
    public String usage() {
        return "count FILE [keys]";
    }

    @Override
    public String summary() {
        return "number of rows, from the footer";
    }

    @Override
    public Set<String> options() {
        return KeyArguments.OPTIONS;
    }

    @Override
    public void run(Arguments args, PrintStream out) throws Exception {
        out.print(
                ParquetFiles.readFooter(
                                FileArgument.resolve(args.single("FILE")),
                                args.readOptions(ParquetFiles.FOOTER_ONLY))
                        .numRows());
        out.print('\n');
    }
}
