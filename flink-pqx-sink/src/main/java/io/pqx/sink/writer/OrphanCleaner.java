package io.pqx.sink.writer;

import io.pqx.sink.file.RowLogNames;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the in-progress files that a restore proves unreferenced: hidden files of Flink's
 * recoverable writers ({@code .<name>.inprogress.<uuid>}, on the local and Hadoop file systems) and
 * row-log segments ({@code .<name>.rows-<n>}, on every file system) whose part file's final name is
 * one of this sink's, by {@code sink.file-name.pattern}, and
 *
 * <ul>
 *   <li>whose writer id is a restored attempt's and whose {@code {count}} is at or past the count
 *       that attempt had reached at the checkpoint (opened after it, so in no committable the
 *       checkpoint holds), or
 *   <li>whose writer id is that of an attempt of the restoring lineage that left no state (it
 *       failed before its first checkpoint), whatever the count,
 * </ul>
 *
 * <p>and that is not a file the restored state keeps open. A row-log segment is also an orphan when
 * its part file's writer id is a restored attempt's, whatever the count, or when its part file is
 * one the restored state keeps open (whatever attempt's id its name carries: files keep their names
 * across restores), unless the restored state names it: a segment no checkpoint names is never read
 * again (its file was closed for commit, or its rows were cut into a row group, or it was logged
 * after the checkpoint, by a snapshot that never completed or by the memory budget). So after a
 * restore every segment of a file the state keeps open is one the state names. Any other file,
 * another writer's or a committed one, is never touched. Directories are walked down to the
 * partition depth, skipping hidden ones. Object stores keep no in-progress files (they keep
 * uploads), so nothing is found there.
 */
final class OrphanCleaner {
    private static final Logger LOG = LoggerFactory.getLogger(OrphanCleaner.class);
    private static final String IN_PROGRESS = ".inprogress.";

    private final Pattern names;
    private final Map<String, Long> restoredFrom;
    private final Set<String> stateless;
    private final Set<String> keep;

    /**
     * @param fileNamePattern the sink's {@code sink.file-name.pattern}
     * @param restoredFrom per restored writer id, the first {@code {count}} it had not used at the
     *     checkpoint
     * @param stateless writer ids of attempts whose files no state names
     * @param keep paths (as strings) of what the restored state keeps: the final paths of the files
     *     it keeps open and the paths of the row-log segments it names
     */
    OrphanCleaner(
            String fileNamePattern,
            Map<String, Long> restoredFrom,
            Set<String> stateless,
            Set<String> keep) {
        this.names = namePattern(fileNamePattern);
        this.restoredFrom = Map.copyOf(restoredFrom);
        this.stateless = Set.copyOf(stateless);
        this.keep = Set.copyOf(keep);
    }

    /** The pattern's names as a regex: group 1 the first {uuid}, group 2 the first {count}. */
    static Pattern namePattern(String fileNamePattern) {
        StringBuilder regex = new StringBuilder();
        Matcher placeholders = Pattern.compile("\\{(uuid|subtask|count)}").matcher(fileNamePattern);
        int at = 0;
        boolean uuid = false;
        boolean count = false;
        while (placeholders.find()) {
            if (placeholders.start() > at) {
                regex.append(Pattern.quote(fileNamePattern.substring(at, placeholders.start())));
            }
            switch (placeholders.group(1)) {
                case "uuid" -> {
                    regex.append(uuid ? "[0-9a-f-]{36}" : "(?<uuid>[0-9a-f-]{36})");
                    uuid = true;
                }
                case "count" -> {
                    regex.append(count ? "\\d+" : "(?<count>\\d+)");
                    count = true;
                }
                default -> regex.append("\\d+");
            }
            at = placeholders.end();
        }
        if (at < fileNamePattern.length()) {
            regex.append(Pattern.quote(fileNamePattern.substring(at)));
        }
        return Pattern.compile(regex.toString());
    }

    /**
     * Walks {@code basePath} down to {@code depth} directory levels and deletes every orphan.
     *
     * @return the files deleted
     */
    int clean(FileSystem fs, Path basePath, int depth) throws IOException {
        List<Path> directories = new ArrayList<>(List.of(basePath));
        int deleted = 0;
        for (int level = 0; level <= depth && !directories.isEmpty(); level++) {
            List<Path> next = new ArrayList<>();
            for (Path directory : directories) {
                FileStatus[] entries;
                try {
                    entries = fs.listStatus(directory);
                } catch (FileNotFoundException e) {
                    continue;
                }
                for (FileStatus entry : entries == null ? new FileStatus[0] : entries) {
                    String name = entry.getPath().getName();
                    if (entry.isDir()) {
                        if (level < depth && !name.startsWith(".") && !name.startsWith("_")) {
                            next.add(entry.getPath());
                        }
                    } else if (isOrphan(directory, name)) {
                        if (fs.delete(entry.getPath(), false)) {
                            String segmentOf = RowLogNames.partFileOf(name);
                            if (segmentOf != null) {
                                LOG.info(
                                        "Deleted row-log segment {} of part file {}: the"
                                                + " restored state does not name it (written after the"
                                                + " checkpoint, or no longer needed by it)",
                                        entry.getPath(),
                                        new Path(directory, segmentOf));
                            } else {
                                LOG.info(
                                        "Deleted in-progress file {} of an earlier attempt of"
                                                + " this sink: no restored state or committable names it",
                                        entry.getPath());
                            }
                            deleted++;
                        }
                    }
                }
            }
            directories = next;
        }
        return deleted;
    }

    /** Whether the hidden file {@code name} in {@code directory} is one of this sink's orphans. */
    boolean isOrphan(Path directory, String name) {
        String segmentOf = RowLogNames.partFileOf(name);
        if (segmentOf != null) {
            return isOrphanSegment(directory, name, segmentOf);
        }
        int marker = name.indexOf(IN_PROGRESS);
        if (!name.startsWith(".") || marker < 2) {
            return false;
        }
        String target = name.substring(1, marker);
        Matcher m = names.matcher(target);
        if (!m.matches()) {
            return false;
        }
        if (keep.contains(new Path(directory, target).toString())) {
            return false;
        }
        String writer = m.group("uuid");
        if (stateless.contains(writer)) {
            return true;
        }
        Long firstUnused = restoredFrom.get(writer);
        if (firstUnused == null) {
            return false;
        }
        try {
            return Long.parseLong(m.group("count")) >= firstUnused;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private boolean isOrphanSegment(Path directory, String name, String partFile) {
        if (keep.contains(new Path(directory, name).toString())) {
            return false;
        }
        if (keep.contains(new Path(directory, partFile).toString())) {
            // A file the restored state keeps open: its log is exactly the segments the state
            // names. Any other is a later snapshot's that never completed (or a spill after the
            // checkpoint), and its number is at or past the restored "next": left alone, the
            // committer (which deletes numbers below the count at close) would never delete it.
            // The file's name may carry the id of any earlier attempt (files keep their names
            // across restores), so its writer id cannot tell this.
            return true;
        }
        Matcher m = names.matcher(partFile);
        if (!m.matches()) {
            return false;
        }
        String writer = m.group("uuid");
        return stateless.contains(writer) || restoredFrom.containsKey(writer);
    }
}
