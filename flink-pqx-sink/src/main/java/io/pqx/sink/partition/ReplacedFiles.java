package io.pqx.sink.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FileStatus;

/**
 * Which entries of a directory an overwrite deletes: every visible one (its name starts with
 * neither '.' nor '_', as readers of the table see it) that is not a file the overwriting job
 * committed. Hidden entries (in-progress files, {@code _SUCCESS}, staging directories) are kept.
 * Stateless.
 */
@Internal
public final class ReplacedFiles {
    private ReplacedFiles() {}

    /** The entries of {@code listing} to delete, given the names of the job's files there. */
    public static List<FileStatus> select(FileStatus[] listing, Set<String> committedNames) {
        List<FileStatus> replaced = new ArrayList<>();
        if (listing == null) {
            return replaced;
        }
        for (FileStatus entry : listing) {
            String name = entry.getPath().getName();
            if (!isHidden(name) && !committedNames.contains(name)) {
                replaced.add(entry);
            }
        }
        return replaced;
    }

    static boolean isHidden(String name) {
        return name.startsWith(".") || name.startsWith("_");
    }
}
