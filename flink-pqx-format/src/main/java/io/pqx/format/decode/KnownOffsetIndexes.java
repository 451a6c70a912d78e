package io.pqx.format.decode;

import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.io.ForwardingInputFile;
import io.pqx.format.io.InputFile;
import java.util.Map;
import org.apache.flink.annotation.Internal;

/**
 * A file read through another {@link InputFile}, carrying the offset indexes of one row group's
 * leaves that the caller has already read, so that {@link RowGroupLoader} plans a selection's pages
 * with them instead of reading them again. Reads go to the wrapped file; closing it does nothing
 * (the wrapped file's owner closes it).
 *
 * <p>Why a file: it reaches the loader through the decoder's existing signature. A caller that can
 * pass the map to {@code RowGroupLoader.load} directly should.
 */
@Internal
public final class KnownOffsetIndexes extends ForwardingInputFile {
    private final Map<Integer, OffsetIndexView> offsetIndexes;

    /**
     * @param offsetIndexes by leaf index, all of the row group that will be read through it
     */
    public KnownOffsetIndexes(InputFile file, Map<Integer, OffsetIndexView> offsetIndexes) {
        super(file);
        this.offsetIndexes = Map.copyOf(offsetIndexes);
    }

    /** The offset indexes already read, by leaf index. */
    public Map<Integer, OffsetIndexView> offsetIndexes() {
        return offsetIndexes;
    }

    @Override
    public void close() {
        // the wrapped file belongs to the caller
    }
}
