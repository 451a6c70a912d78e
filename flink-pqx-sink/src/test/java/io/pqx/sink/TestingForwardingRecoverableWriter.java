package io.pqx.sink;

import java.io.IOException;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** A {@link RecoverableWriter} that forwards every call; tests override what they change. */
public class TestingForwardingRecoverableWriter implements RecoverableWriter {
    protected final RecoverableWriter local;

    public TestingForwardingRecoverableWriter(RecoverableWriter local) {
        this.local = local;
    }

    @Override
    public RecoverableFsDataOutputStream open(Path path) throws IOException {
        return local.open(path);
    }

    @Override
    public RecoverableFsDataOutputStream recover(ResumeRecoverable r) throws IOException {
        return local.recover(r);
    }

    @Override
    public boolean requiresCleanupOfRecoverableState() {
        return local.requiresCleanupOfRecoverableState();
    }

    @Override
    public boolean cleanupRecoverableState(ResumeRecoverable r) throws IOException {
        return local.cleanupRecoverableState(r);
    }

    @Override
    public RecoverableFsDataOutputStream.Committer recoverForCommit(CommitRecoverable r)
            throws IOException {
        return local.recoverForCommit(r);
    }

    @Override
    public SimpleVersionedSerializer<CommitRecoverable> getCommitRecoverableSerializer() {
        return local.getCommitRecoverableSerializer();
    }

    @Override
    public SimpleVersionedSerializer<ResumeRecoverable> getResumeRecoverableSerializer() {
        return local.getResumeRecoverableSerializer();
    }

    @Override
    public boolean supportsResume() {
        return local.supportsResume();
    }
}
