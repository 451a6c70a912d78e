package io.pqx.sink.file;

import io.pqx.format.EncodingPool;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.types.logical.RowType;

/**
 * What every part file of a sink subtask is opened or resumed with, held once by the writer.
 *
 * @param recoverableWriter the file system's recoverable writer
 * @param rowType the data columns' type
 * @param options the format's write options
 * @param limits where row groups are cut
 * @param sorter orders each row group (sort-by), or null
 * @param pool the subtask's encoding pool
 * @param rollingBytes the file size at which a file is full
 * @param carry whether files keep their open row group's rows for checkpoints to carry
 */
@Internal
public record PartFiles(
        RecoverableWriter recoverableWriter,
        RowType rowType,
        WriteOptions options,
        RowGroupLimits limits,
        @Nullable RowSorter sorter,
        EncodingPool pool,
        long rollingBytes,
        boolean carry) {

    /**
     * What seals the files' row logs: with the files' footer key when they are encrypted (so no row
     * of an encrypted file lies unencrypted beside it), else null (row logs as they always were).
     * The key comes from {@link #options()}, the sink's configuration, also after a restore.
     */
    @Nullable
    RowLogCipher rowLogCipher() {
        return options.encryption() == null ? null : RowLogCipher.withKeysOf(options.encryption());
    }

    /** Opens a new part file ({@link PartFile#open}). */
    public PartFile open(PartFileSpec spec) throws IOException {
        return PartFile.open(this, spec);
    }

    /** Continues a part file a checkpoint left open ({@link PartFile#resume}). */
    public PartFile resume(OpenFileState state, long now) throws IOException {
        return PartFile.resume(this, state, now);
    }
}
