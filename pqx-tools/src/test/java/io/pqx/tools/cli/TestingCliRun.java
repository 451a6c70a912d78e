package io.pqx.tools.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/** The outcome of one {@link PqxCli#run} in a test: exit status, stdout and stderr as UTF-8. */
record TestingCliRun(int status, String out, String err) {

    static TestingCliRun of(String... args) {
        return run(false, args);
    }

    static TestingCliRun debug(String... args) {
        return run(true, args);
    }

    /** A run whose environment variables are looked up in {@code env}. */
    static TestingCliRun withEnv(UnaryOperator<String> env, String... args) {
        return run(new PqxCli(false, env), args);
    }

    private static TestingCliRun run(boolean debug, String... args) {
        return run(new PqxCli(debug), args);
    }

    private static TestingCliRun run(PqxCli cli, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = cli.run(args, o, e);
        }
        return new TestingCliRun(
                status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
