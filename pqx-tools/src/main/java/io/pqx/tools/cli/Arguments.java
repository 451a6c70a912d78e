package io.pqx.tools.cli;

import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The arguments of one subcommand: positional words and {@code --name value} (or {@code
 * --name=value}) options, checked against the options the command accepts.
 *
 * <p>Immutable after parsing; not thread-safe to build.
 */
final class Arguments {

    private final List<String> positional;
    private final Map<String, String> options;
    private final UnaryOperator<String> env;

    private Arguments(
            List<String> positional, Map<String, String> options, UnaryOperator<String> env) {
        this.positional = positional;
        this.options = options;
        this.env = env;
    }

    /**
     * Parses {@code args}, accepting only options named in {@code knownOptions} (all take a value).
     * A lone {@code --} ends option parsing.
     */
    static Arguments parse(List<String> args, Set<String> knownOptions) throws UsageException {
        return parse(args, knownOptions, System::getenv);
    }

    /** As {@link #parse(List, Set)}, with environment variables looked up in {@code env}. */
    static Arguments parse(List<String> args, Set<String> knownOptions, UnaryOperator<String> env)
            throws UsageException {
        List<String> positional = new ArrayList<>();
        Map<String, String> options = new HashMap<>();
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (optionsEnded || !arg.startsWith("--")) {
                positional.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
            if (!knownOptions.contains(name)) {
                throw new UsageException("unknown option --" + name);
            }
            String value;
            if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.size()) {
                value = args.get(++i);
            } else {
                throw new UsageException("option --" + name + " needs a value");
            }
            if (options.put(name, value) != null) {
                throw new UsageException("option --" + name + " given twice");
            }
        }
        return new Arguments(positional, options, env);
    }

    /** The single positional argument, named {@code what} in the error if missing or repeated. */
    String single(String what) throws UsageException {
        if (positional.size() != 1) {
            throw new UsageException(
                    positional.isEmpty()
                            ? "missing " + what
                            : "expected one " + what + ", got " + positional.size() + " arguments");
        }
        return positional.get(0);
    }

    /** The environment of the run (the process's, or a test's). */
    UnaryOperator<String> env() {
        return env;
    }

    /** The read options {@code base} with the keys the key options name ({@link KeyArguments}). */
    ReadOptions readOptions(ReadOptions base) throws UsageException, IOException {
        return KeyArguments.readOptions(this, base, env);
    }

    List<String> positional() {
        return positional;
    }

    /** The value of {@code --name}, or null. */
    String option(String name) {
        return options.get(name);
    }

    /** {@code --name} as a non-negative long, or {@code defaultValue} if absent. */
    long nonNegativeLong(String name, long defaultValue) throws UsageException {
        String value = options.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed >= 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(
                "--" + name + " needs a non-negative integer, got '" + value + "'");
    }
}
