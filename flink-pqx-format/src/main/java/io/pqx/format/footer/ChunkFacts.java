package io.pqx.format.footer;

import io.pqx.format.crypto.ChunkDecryptor;
import io.pqx.format.error.FileContext;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.ColumnOrder;

/**
 * What {@link FooterValidator} established about one column chunk beyond its Thrift struct: where
 * it sits in the schema and file, which of its index ranges are usable, and how to decrypt it (null
 * for a plaintext chunk). Immutable.
 */
record ChunkFacts(
        ColumnDescriptor descriptor,
        int leafIndex,
        FileContext context,
        @Nullable ColumnOrder columnOrder,
        @Nullable String createdBy,
        Optional<FileRange> columnIndex,
        Optional<FileRange> offsetIndex,
        Optional<FileRange> bloomFilter,
        @Nullable ChunkDecryptor decryptor) {}
