package io.pqx.tools.cli;

import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Paths;
import org.apache.flink.core.fs.Path;

/**
 * Turns the FILE argument of a command into a Flink {@link Path}: a URI with a scheme ({@code
 * s3://b/k}, {@code file:///tmp/x}) is used as it is; anything else is a local path, resolved
 * against the working directory to an absolute {@code file:} URI.
 *
 * <p>Stateless and thread-safe.
 */
final class FileArgument {

    private FileArgument() {}

    static Path resolve(String argument) throws UsageException {
        if (argument.isEmpty()) {
            throw new UsageException("FILE must not be empty");
        }
        if (hasScheme(argument)) {
            return new Path(argument);
        }
        try {
            Paths.get(argument);
        } catch (InvalidPathException e) {
            throw new UsageException("FILE is not a valid path: " + e.getMessage());
        }
        // Path(scheme, authority, path) quotes what needs quoting and, unlike File.toURI(), adds no
        // trailing slash to a directory.
        String absolute = Paths.get(argument).toAbsolutePath().normalize().toString();
        return new Path("file", null, absolute.replace(File.separatorChar, '/'));
    }

    /** A scheme of two or more letters followed by ':' (so "C:\..." stays a local path). */
    private static boolean hasScheme(String argument) {
        int colon = argument.indexOf(':');
        if (colon < 2) {
            return false;
        }
        try {
            String scheme = new URI(argument).getScheme();
            return scheme != null && scheme.length() == colon;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
