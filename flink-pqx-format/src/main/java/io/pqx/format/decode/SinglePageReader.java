package io.pqx.format.decode;

import javax.annotation.Nullable;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;

/**
 * One data page (with the chunk's dictionary page when it is dictionary-encoded) as a {@link
 * PageReader}, so that a page the bulk path does not handle is decoded by a parquet-column {@code
 * ColumnReader} of its own, exactly as a whole-chunk reader would decode it. Used by {@link
 * FlatChunkReader}; single use, one thread.
 */
final class SinglePageReader implements PageReader {
    @Nullable private final DictionaryPage dictionary;
    @Nullable private DataPage page;
    private final long values;

    SinglePageReader(@Nullable DictionaryPage dictionary, DataPage page) {
        this.dictionary = dictionary;
        this.page = page;
        this.values = page.getValueCount();
    }

    @Override
    public DictionaryPage readDictionaryPage() {
        return dictionary;
    }

    @Override
    public long getTotalValueCount() {
        return values;
    }

    @Override
    public DataPage readPage() {
        DataPage next = page;
        page = null;
        return next;
    }
}
