package io.pqx.tools.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.flink.annotation.Internal;

/**
 * The {@code pqx} command-line tool: {@code meta}, {@code schema}, {@code cat}, {@code count} and
 * {@code demo}, started by {@code bin/pqx}.
 *
 * <p>Exit status: 0 on success, 1 when the command fails (the message, e.g. of a {@link
 * io.pqx.format.error.CorruptFileException}, goes to stderr as {@code pqx: <message>}), 2 for a
 * usage error (with the usage text). Stack traces are printed only with {@code PQX_DEBUG=1}.
 *
 * <p>{@link #run} is the testable entry point; it does not call {@code System.exit}.
 */
@Internal
public final class PqxCli {

    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;

    private final Map<String, Command> commands = new LinkedHashMap<>();
    private final boolean debug;
    private final UnaryOperator<String> env;

    PqxCli(boolean debug) {
        this(debug, System::getenv);
    }

    /** With environment variables (the key options') looked up in {@code env}. */
    PqxCli(boolean debug, UnaryOperator<String> env) {
        this.debug = debug;
        this.env = env;
        for (Command c :
                List.of(
                        new MetaCommand(),
                        new SchemaCommand(),
                        new CatCommand(),
                        new CountCommand(),
                        new DemoCommand())) {
            commands.put(c.name(), c);
        }
    }

    public static void main(String[] args) {
        PrintStream out =
                new PrintStream(
                        new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                        false,
                        StandardCharsets.UTF_8);
        PrintStream err =
                new PrintStream(
                        new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        int status = new PqxCli("1".equals(System.getenv("PQX_DEBUG"))).run(args, out, err);
        out.flush();
        System.exit(status);
    }

    /** Runs one command line; returns the exit status. Never throws. */
    int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.print(usage());
            return USAGE;
        }
        if (List.of("help", "--help", "-h").contains(args[0])) {
            out.print(usage());
            return OK;
        }
        Command command = commands.get(args[0]);
        if (command == null) {
            return usageError(err, "unknown command '" + args[0] + "'");
        }
        try {
            FlinkFileSystems.initialize();
            List<String> rest = Arrays.asList(args).subList(1, args.length);
            command.run(Arguments.parse(rest, command.options(), env), out);
            out.flush();
            return OK;
        } catch (UsageException e) {
            out.flush();
            return usageError(err, e.getMessage());
        } catch (Exception | Error e) {
            out.flush();
            err.println("pqx: " + describe(e));
            if (debug) {
                e.printStackTrace(err);
            }
            return FAILED;
        }
    }

    private int usageError(PrintStream err, String message) {
        err.println("pqx: " + message);
        err.print(usage());
        return USAGE;
    }

    /** The message of an expected failure as it is; the class name too for anything unexpected. */
    private static String describe(Throwable e) {
        String message = e.getMessage();
        if (e instanceof IOException && message != null) {
            return message;
        }
        return (message == null
                        ? e.getClass().getName()
                        : e.getClass().getSimpleName() + ": " + message)
                + " (run with PQX_DEBUG=1 for the stack trace)";
    }

    String usage() {
        StringBuilder sb = new StringBuilder("usage: pqx <command> [options]\n\ncommands:\n");
        for (Command c : commands.values()) {
            sb.append(String.format("  %-40s %s\n", c.usage(), c.summary()));
        }
        sb.append(
                "\n"
                        + "FILE is a local path or any Flink file system URI (s3://..., hdfs://...,"
                        + " file:///...).\n"
                        + "keys (encrypted files): "
                        + KeyArguments.USAGE
                        + "\n");
        return sb.toString();
    }
}
