package io.pqx.format.fuzz;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What became of one mutant, and whether that is clean. Clean: read to the end, or refused with a
 * {@link CorruptFileException} / {@link UnsupportedFileException} whose message names the file and
 * whose cause chain (causes and suppressed exceptions, to any depth) holds no unchecked exception
 * or error. Everything else is unclean: another throwable escaping (an {@code OutOfMemoryError}
 * included), a message not naming the file, a message naming an unchecked exception (or any error)
 * as its reason, an unchecked exception anywhere in the chain (even wrapped), or no answer before
 * the deadline.
 *
 * <p>{@link #key} names the class of outcome for counting: the exception type and the message's
 * head with numbers replaced by N ({@code "corrupt: Cannot decode page N"}), or for an unclean one
 * the offending throwable's type and the frame it was thrown from. Immutable.
 *
 * @param detail the full message (and, for an unclean outcome, the offending throwable)
 */
public record FuzzOutcome(boolean clean, String key, String detail) {

    /** Unchecked exceptions a decoder may throw, which a message must not name as its reason. */
    static final Pattern UNCHECKED_NAMES =
            Pattern.compile(
                    "\\b(\\w*IndexOutOfBounds|IllegalArgument|IllegalState|NegativeArraySize|Arithmetic"
                            + "|Buffer(Under|Over)flow|NullPointer|ClassCast|UnsupportedOperation|Parquet\\w*"
                            + "|Runtime|LZ4|Zstd|Brotli\\w*)(Exception|Error)\\b|\\w+Error\\b");

    public static final FuzzOutcome READ = new FuzzOutcome(true, "read to the end", "");

    public static FuzzOutcome hang(long millis) {
        return new FuzzOutcome(false, "UNCLEAN hang: no answer within " + millis + " ms", "");
    }

    /**
     * Classifies what reading a mutant threw ({@code null}: it was read to the end).
     *
     * @param location the mutant's location, which every message must name
     */
    public static FuzzOutcome of(Throwable thrown, String location) {
        if (thrown == null) {
            return READ;
        }
        Throwable t = thrown;
        // the row iterator's documented wrapper of a pqx exception
        if (t instanceof UncheckedIOException && isPqx(t.getCause())) {
            t = t.getCause();
        }
        if (!isPqx(t)) {
            return unclean("escaped " + t.getClass().getSimpleName(), t);
        }
        String message = t.getMessage();
        if (message == null || !message.contains(location)) {
            return new FuzzOutcome(
                    false,
                    "UNCLEAN message does not name the file: " + head(message),
                    String.valueOf(message));
        }
        Matcher named = UNCHECKED_NAMES.matcher(message);
        if (named.find()) {
            return new FuzzOutcome(
                    false,
                    "UNCLEAN " + kind(t) + " message names " + named.group() + ": " + head(message),
                    message);
        }
        Throwable unchecked = uncheckedInChain(t);
        if (unchecked != null) {
            return new FuzzOutcome(
                    false,
                    "UNCLEAN "
                            + kind(t)
                            + " caused by "
                            + unchecked.getClass().getSimpleName()
                            + " at "
                            + frame(unchecked),
                    message + "\n  cause: " + unchecked + stack(unchecked));
        }
        return new FuzzOutcome(true, kind(t) + ": " + head(message), message);
    }

    private static FuzzOutcome unclean(String what, Throwable t) {
        return new FuzzOutcome(false, "UNCLEAN " + what + " at " + frame(t), t + stack(t));
    }

    /** The top frames, to find the throwing code from the report alone. */
    private static String stack(Throwable t) {
        StringBuilder out = new StringBuilder();
        StackTraceElement[] frames = t.getStackTrace();
        for (int i = 0; i < Math.min(6, frames.length); i++) {
            out.append("\n    at ").append(frames[i]);
        }
        return out.toString();
    }

    private static boolean isPqx(Throwable t) {
        return t instanceof CorruptFileException || t instanceof UnsupportedFileException;
    }

    private static String kind(Throwable t) {
        return t instanceof CorruptFileException ? "corrupt" : "unsupported";
    }

    /** The first unchecked exception or error among the causes and suppressed exceptions. */
    public static Throwable uncheckedInChain(Throwable top) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>();
        todo.add(top);
        while (!todo.isEmpty()) {
            Throwable t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            if (t != top && (t instanceof RuntimeException || t instanceof Error)) {
                return t;
            }
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            Collections.addAll(todo, t.getSuppressed());
        }
        return null;
    }

    /** "Cannot decode page 3: ..." gives "Cannot decode page N". */
    static String head(String message) {
        if (message == null) {
            return "(no message)";
        }
        int colon = message.indexOf(": ");
        String head = colon < 0 ? message : message.substring(0, colon);
        if (head.length() > 80) {
            head = head.substring(0, 80);
        }
        return head.replaceAll("-?\\d+", "N");
    }

    private static String frame(Throwable t) {
        StackTraceElement[] stack = t.getStackTrace();
        if (stack.length == 0) {
            return "?";
        }
        StackTraceElement top = stack[0];
        String cls = top.getClassName();
        return cls.substring(cls.lastIndexOf('.') + 1) + "." + top.getMethodName();
    }
}
