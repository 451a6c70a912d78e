package io.pqx.sink.partition;

import io.pqx.sink.committer.PqxCommittable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The overwrite of a bounded (BATCH) job, after the commit: a single instance receives every
 * committed {@link PqxCommittable} of the job (Flink's committer forwards a committable only once
 * its file is published, or was found published on a retry), and at end of input, when all of them
 * are published, deletes from each directory the job committed files into (the base path itself
 * when unpartitioned, even if the job wrote nothing; and a partition the statement named completely
 * when the job wrote no row at all, as Flink's filesystem connector does) every visible entry that
 * is not one of the job's files ({@link ReplacedFiles}). Then it forwards the committables, so that
 * a partition commit downstream marks a partition complete only after it was replaced.
 *
 * <p>Exactly once: nothing is deleted before every file of the job is published, so a job that
 * fails before leaves the old data untouched. The deletions are idempotent: after a failure of this
 * step BATCH mode runs it again from the committer's kept output, deleting what is left of the old
 * files and none of the job's. Runs on its task's mailbox thread; holds the committables (a few
 * hundred bytes each) until end of input.
 */
@Internal
public final class OverwriteOperator
        extends AbstractStreamOperator<CommittableMessage<PqxCommittable>>
        implements OneInputStreamOperator<
                        CommittableMessage<PqxCommittable>, CommittableMessage<PqxCommittable>>,
                BoundedOneInput {
    private static final Logger LOG = LoggerFactory.getLogger(OverwriteOperator.class);

    private final String basePath;
    private final boolean partitioned;
    @Nullable private final String staticPartition;
    private transient List<CommittableWithLineage<PqxCommittable>> committed;

    /**
     * @param partitioned whether the table is partitioned: only the partitions written are
     *     replaced; otherwise the whole base path
     * @param staticPartition the relative directory of a partition the statement named completely,
     *     emptied when the job committed no file at all; null if none
     */
    public OverwriteOperator(
            String basePath, boolean partitioned, @Nullable String staticPartition) {
        this.basePath = basePath;
        this.partitioned = partitioned;
        this.staticPartition = staticPartition;
    }

    @Override
    public void open() throws Exception {
        super.open();
        committed = new ArrayList<>();
    }

    @Override
    public void processElement(StreamRecord<CommittableMessage<PqxCommittable>> element) {
        if (element.getValue() instanceof CommittableWithLineage<PqxCommittable> c
                && !c.getCommittable().cleansUp()) {
            // clean-ups name no file of the job's
            committed.add(c);
        }
    }

    @Override
    public void endInput() throws Exception {
        // Keyed by the relative directory as the writer rendered it ("" for the base path), so
        // that one directory never appears twice under two spellings of its path.
        Map<String, Set<String>> written = new LinkedHashMap<>();
        if (!partitioned) {
            written.put("", new HashSet<>());
        } else if (staticPartition != null && committed.isEmpty()) {
            // as Flink's filesystem connector: the named partition is emptied only when the job
            // wrote no row at all
            written.put(staticPartition, new HashSet<>());
        }
        for (CommittableWithLineage<PqxCommittable> c : committed) {
            PqxCommittable file = c.getCommittable();
            written.computeIfAbsent(file.partition(), d -> new HashSet<>()).add(file.fileName());
        }
        Path base = new Path(basePath);
        for (Map.Entry<String, Set<String>> dir : written.entrySet()) {
            replace(dir.getKey().isEmpty() ? base : new Path(base, dir.getKey()), dir.getValue());
        }
        for (CommittableWithLineage<PqxCommittable> c : committed) {
            output.collect(new StreamRecord<>(c));
        }
    }

    private static void replace(Path dir, Set<String> committedNames) throws IOException {
        FileSystem fs = dir.getFileSystem();
        if (!fs.exists(dir)) {
            return;
        }
        FileStatus[] listing = fs.listStatus(dir);
        List<FileStatus> replaced = ReplacedFiles.select(listing, committedNames);
        for (FileStatus entry : replaced) {
            // false: already gone (a repeated run of this step); the exists check tells them apart
            if (!fs.delete(entry.getPath(), true) && fs.exists(entry.getPath())) {
                throw new IOException(
                        "Cannot overwrite " + dir + ": deleting " + entry.getPath() + " failed");
            }
        }
        LOG.info(
                "Overwrote {}: deleted {} old entries, kept the job's {} files",
                dir,
                replaced.size(),
                committedNames.size());
    }
}
