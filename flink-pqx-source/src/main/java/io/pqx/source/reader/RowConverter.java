package io.pqx.source.reader;

import java.io.Serializable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

/**
 * What the source emits for a decoded row: the row itself ({@link #rows}) or an object made from it
 * ({@link PojoConverter}). Serializable with the source; {@link #open} before converting, on the
 * reader's side.
 */
@Internal
public interface RowConverter<T> extends Serializable {
    /** The emitted type. */
    TypeInformation<T> producedType();

    /** Prepares what could not travel with the source (reflection handles, converters). */
    default void open(ClassLoader classLoader) {}

    /** The record for {@code row} (valid only until the next row: the row object is reused). */
    T convert(RowData row);

    /** Emits the rows themselves, as {@code RowData} of {@code type}. */
    static RowConverter<RowData> rows(RowType type) {
        return new RowConverter<>() {
            private static final long serialVersionUID = 1L;

            @Override
            public TypeInformation<RowData> producedType() {
                return InternalTypeInfo.of(type);
            }

            @Override
            public RowData convert(RowData row) {
                return row;
            }
        };
    }
}
