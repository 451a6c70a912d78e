package io.pqx.sink.writer;

import io.pqx.sink.file.PartFileSpec;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The names of one writer attempt's part files: {@code sink.file-name.pattern} with this attempt's
 * writer id ({@link AttemptIds}), the subtask and a counter; a name whose final file exists is
 * skipped (an earlier attempt with the same id, after a JobManager failover restarted attempt
 * numbers, may have committed it), so names never collide across attempts. Not thread-safe.
 */
@Internal
final class PartFileNames {
    private static final Logger LOG = LoggerFactory.getLogger(PartFileNames.class);

    private final Path basePath;
    private final String pattern;
    private final String writerId;
    private final int subtask;
    private long counter;

    PartFileNames(Path basePath, String pattern, String writerId, int subtask) {
        this.basePath = basePath;
        this.pattern = pattern;
        this.writerId = writerId;
        this.subtask = subtask;
    }

    /** The next name whose final file does not exist, for a file of {@code partition}. */
    PartFileSpec next(String partition, long now) throws IOException {
        FileSystem fs = basePath.getFileSystem();
        while (true) {
            String name = FileNamePattern.format(pattern, writerId, subtask, counter++);
            PartFileSpec spec = new PartFileSpec(basePath, partition, name, now);
            if (!fs.exists(spec.target())) {
                return spec;
            }
            LOG.info("Skipping part file name {}: the file exists", spec.target());
        }
    }

    String writerId() {
        return writerId;
    }

    /** How many names this attempt has taken (the next counter), for the writer state. */
    long count() {
        return counter;
    }
}
