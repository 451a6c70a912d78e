package io.pqx.source.discovery;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

/**
 * Lists the visible files under the source paths, recursively, on any Flink {@link FileSystem}.
 *
 * <p>Guarantees: no {@linkplain HiddenFiles hidden} entry below a source path is returned or
 * entered (a source path that is itself a file is returned as it is); each directory's entries are
 * visited in name order, so a listing is deterministic; {@code k=v} directories give the file's
 * partition values, outermost first. A source path that does not exist yields no file (a continuous
 * source may be started before its first file); any other listing error is thrown. Stateless and
 * thread-safe.
 *
 * <p>Requests: a source path is one request when it is a directory (its listing) or a file whose
 * name has an extension (its status); an empty directory, or a path that does not exist, is a
 * listing and a status request. Then one listing per directory below it. A file's length and
 * modification time are taken from the listing, with no status request of its own (on an object
 * store each request is a round trip, and planning waits for the listing).
 */
@Internal
public final class FileDiscovery {
    private final List<Path> roots;
    private final String defaultPartitionName;

    public FileDiscovery(List<Path> roots) {
        this(roots, PartitionDirectory.DEFAULT_PARTITION);
    }

    /**
     * @param defaultPartitionName the directory value that stands for null (Flink's {@code
     *     partition.default-name}); listed as {@link PartitionDirectory#DEFAULT_PARTITION}
     */
    public FileDiscovery(List<Path> roots, String defaultPartitionName) {
        this.roots = List.copyOf(roots);
        this.defaultPartitionName = Objects.requireNonNull(defaultPartitionName);
    }

    public List<DiscoveredFile> list() throws IOException {
        List<DiscoveredFile> files = new ArrayList<>();
        for (Path root : roots) {
            FileSystem fs = root.getFileSystem();
            boolean listedFirst = !looksLikeFile(root);
            if (listedFirst) {
                FileStatus[] entries;
                try {
                    entries = fs.listStatus(root);
                } catch (FileNotFoundException e) {
                    continue;
                }
                if (entries != null && entries.length > 0) {
                    if (isRootItself(entries, root)) {
                        files.add(rootFile(entries[0]));
                    } else {
                        walk(fs, entries, new LinkedHashMap<>(), files);
                    }
                    continue;
                }
                // an empty directory, nothing, or a file listed as nothing: the status tells
            }
            FileStatus status;
            try {
                status = fs.getFileStatus(root);
            } catch (FileNotFoundException e) {
                continue;
            }
            if (status.isDir()) {
                if (!listedFirst) { // else listed above, and empty
                    walk(fs, root, new LinkedHashMap<>(), files);
                }
            } else {
                files.add(rootFile(status));
            }
        }
        return files;
    }

    private static DiscoveredFile rootFile(FileStatus status) {
        return new DiscoveredFile(
                status.getPath().toString(),
                status.getLen(),
                status.getModificationTime(),
                Map.of());
    }

    /**
     * Whether {@code root} is asked for its status before it is listed: when its name has an
     * extension ({@code part-0.parquet}), as a file's name has. Either order is correct; the guess
     * saves a request. A directory is listed first: its status would be one more request (on an
     * object store a round trip) before the listing, which tells the same. A file is asked for its
     * status first: some object stores' file systems answer the listing of a file with an empty
     * one, or only after a listing and a status request one after the other.
     */
    private static boolean looksLikeFile(Path root) {
        String name = root.getName();
        return name.lastIndexOf('.') > 0;
    }

    /** Whether a listing of {@code root} is the root's own status: the root is a file. */
    private static boolean isRootItself(FileStatus[] entries, Path root) {
        return entries.length == 1
                && !entries[0].isDir()
                && entries[0].getPath().toUri().getPath().equals(root.toUri().getPath());
    }

    /** A listed entry and its name, computed once for sorting. */
    private record Named(String name, FileStatus status) {}

    private void walk(
            FileSystem fs,
            Path dir,
            LinkedHashMap<String, String> partitions,
            List<DiscoveredFile> out)
            throws IOException {
        FileStatus[] entries;
        try {
            entries = fs.listStatus(dir);
        } catch (FileNotFoundException e) {
            return; // deleted while listing
        }
        if (entries == null) {
            return;
        }
        walk(fs, entries, partitions, out);
    }

    /** Visits the {@code entries} of a directory's listing. */
    private void walk(
            FileSystem fs,
            FileStatus[] entries,
            LinkedHashMap<String, String> partitions,
            List<DiscoveredFile> out)
            throws IOException {
        // each name once: Path.getName() in the comparator took seconds for 100,000 entries
        Named[] named = new Named[entries.length];
        for (int i = 0; i < entries.length; i++) {
            named[i] = new Named(entries[i].getPath().getName(), entries[i]);
        }
        Arrays.sort(named, Comparator.comparing(Named::name));
        for (Named n : named) {
            FileStatus entry = n.status();
            String name = n.name();
            if (HiddenFiles.isHidden(name)) {
                continue;
            }
            if (entry.isDir()) {
                LinkedHashMap<String, String> inner = partitions;
                var partition = PartitionDirectory.parse(name);
                if (partition.isPresent()) {
                    inner = new LinkedHashMap<>(partitions);
                    String value = partition.get().getValue();
                    inner.put(
                            partition.get().getKey(),
                            value.equals(defaultPartitionName)
                                    ? PartitionDirectory.DEFAULT_PARTITION
                                    : value);
                }
                walk(fs, entry.getPath(), inner, out);
            } else {
                out.add(
                        new DiscoveredFile(
                                entry.getPath().toString(),
                                entry.getLen(),
                                entry.getModificationTime(),
                                partitions));
            }
        }
    }
}
