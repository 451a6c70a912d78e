package io.pqx.tools.cli;

import java.io.PrintStream;
import java.util.Set;

/**
 * One {@code pqx} subcommand. Implementations are stateless; {@link PqxCli} creates one per run.
 * Results go to {@code out}; failures are thrown (an {@link java.io.IOException} becomes {@code
 * "pqx: <message>"} and exit status 1, a {@link UsageException} exit status 2).
 */
interface Command {

    /** The word after {@code pqx}, e.g. {@code "cat"}. */
    String name();

    /** One usage line, e.g. {@code "cat FILE [--limit N] [--columns a,b.c]"}. */
    String usage();

    /** One-line description for the help text. */
    String summary();

    /** The {@code --options} this command accepts (each takes a value). */
    default Set<String> options() {
        return Set.of();
    }

    void run(Arguments args, PrintStream out) throws Exception;
}
