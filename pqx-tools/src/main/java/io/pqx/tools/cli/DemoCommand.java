package io.pqx.tools.cli;

import io.pqx.tools.demo.PqxDemo;
import java.io.PrintStream;
import java.util.Set;

/** {@code pqx demo [--rows N]}: runs {@link PqxDemo}, pqx's main job. */
final class DemoCommand implements Command {

    @Override
    public String name() {
        return "demo";
    }

    @Override
    public String usage() {
        return "demo [--rows N]";
    }

    @Override
    public String summary() {
        return "run a Flink job writing a generated table with pqx's sink, show what it committed";
    }

    @Override
    public Set<String> options() {
        return Set.of("rows");
    }

    @Override
    public void run(Arguments args, PrintStream out) throws Exception {
        if (!args.positional().isEmpty()) {
            throw new UsageException("demo takes no FILE argument");
        }
        long rows = args.nonNegativeLong("rows", PqxDemo.DEFAULT_ROWS);
        if (rows == 0 || rows > Integer.MAX_VALUE) {
            throw new UsageException("--rows needs a value between 1 and " + Integer.MAX_VALUE);
        }
        new PqxDemo((int) rows).run(out);
    }
}
