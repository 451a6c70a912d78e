package io.pqx.format.decode;

import javax.annotation.Nullable;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * The converter tree parquet-column's {@code ColumnReadStoreImpl} needs to build column readers.
 * pqx pulls values from the readers itself ({@code getInteger()}, levels...), so the tree only
 * mirrors the schema and, at each leaf, keeps the chunk's dictionary: its leaf converters claim
 * dictionary support, which makes readers expose dictionary ids of dictionary-encoded pages.
 *
 * <p>Built per row group by {@link RowGroupDecoder}; not thread-safe.
 */
final class ConverterTree extends GroupConverter {
    private final GroupType type;
    private final Converter[] children;

    ConverterTree(GroupType type) {
        this.type = type;
        this.children = new Converter[type.getFieldCount()];
    }

    @Override
    public Converter getConverter(int fieldIndex) {
        Converter child = children[fieldIndex];
        if (child == null) {
            Type field = type.getType(fieldIndex);
            child =
                    field.isPrimitive()
                            ? new DictionaryCapture()
                            : new ConverterTree(field.asGroupType());
            children[fieldIndex] = child;
        }
        return child;
    }

    /** The leaf converter of the column at {@code path}, as the column reader was given it. */
    DictionaryCapture leaf(String[] path) {
        Converter current = this;
        GroupType group = type;
        for (String name : path) {
            int index = group.getFieldIndex(name);
            current = ((ConverterTree) current).getConverter(index);
            Type field = group.getType(index);
            group = field.isPrimitive() ? null : field.asGroupType();
        }
        return (DictionaryCapture) current;
    }

    @Override
    public void start() {}

    @Override
    public void end() {}

    /** A leaf converter that ignores values and remembers the chunk's dictionary. */
    static final class DictionaryCapture extends PrimitiveConverter {
        @Nullable private Dictionary dictionary;

        @Override
        public boolean hasDictionarySupport() {
            return true;
        }

        @Override
        public void setDictionary(Dictionary dictionary) {
            this.dictionary = dictionary;
        }

        @Nullable
        Dictionary dictionary() {
            return dictionary;
        }
    }
}
