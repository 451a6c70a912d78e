package io.pqx.format.encode;

import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * A row group encoded in memory: its row count and one {@link EncodedColumnChunk} per leaf, in leaf
 * order. Produced by {@link IncrementalRowGroupEncoder}, placed in a file by {@link FileAssembler}.
 */
@Internal
public record EncodedRowGroup(long rowCount, List<EncodedColumnChunk> chunks) {
    public EncodedRowGroup {
        chunks = List.copyOf(chunks);
    }

    /** Bytes the row group takes in the file (bloom filters and indexes not included). */
    public long compressedSize() {
        long total = 0;
        for (EncodedColumnChunk chunk : chunks) {
            total += chunk.totalCompressedSize();
        }
        return total;
    }
}
