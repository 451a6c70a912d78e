package io.pqx.format.schema;

import io.pqx.format.error.FileContext;

import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

import javax.annotation.Nullable;

/** Shared test helpers: parse a message, convert it, build Flink types from DataTypes. */
final class TestingSchemas {

    static final FileContext CTX = FileContext.of("test.parquet");

    private TestingSchemas() {}

    static MessageType parse(String message) {
        return MessageTypeParser.parseMessageType(message);
    }

    static ParquetSchema convert(String message) throws Exception {
        return ParquetSchemaConverter.convert(parse(message), null, CTX);
    }

    static ParquetSchema convert(MessageType message, @Nullable RowType declared) throws Exception {
        return ParquetSchemaConverter.convert(message, declared, CTX);
    }

    /** A NOT NULL row of alternating names and DataTypes. */
    static RowType row(Object... namesAndTypes) {
        String[] names = new String[namesAndTypes.length / 2];
        LogicalType[] types = new LogicalType[namesAndTypes.length / 2];
        for (int i = 0; i < names.length; i++) {
            names[i] = (String) namesAndTypes[2 * i];
            Object t = namesAndTypes[2 * i + 1];
            types[i] = t instanceof DataType ? ((DataType) t).getLogicalType() : (LogicalType) t;
        }
        return RowType.of(false, types, names);
    }

    /** A Flink type from its SQL text, e.g. "ARRAY<INT NOT NULL>". */
    static LogicalType sql(String text) {
        return LogicalTypeParser.parse(text, TestingSchemas.class.getClassLoader());
    }
}
