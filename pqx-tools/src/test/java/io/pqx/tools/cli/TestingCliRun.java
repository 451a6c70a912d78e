package io.pqx.tools.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** The outcome of one {@link PqxCli#run} in a test: exit status, stdout and stderr as UTF-8. */
record TestingCliRun(int status, String out, String err) {

    static TestingCliRun of(String... args) {
        return run(false, args);
    }

    static TestingCliRun debug(String... args) {
        return run(true, args);
    }

    private static TestingCliRun run(boolean debug, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = new PqxCli(debug).run(args, o, e);
        }
        return new TestingCliRun(
                status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
