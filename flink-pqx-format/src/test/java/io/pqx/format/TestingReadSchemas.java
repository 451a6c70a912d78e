package io.pqx.format;

import io.pqx.format.error.FileContext;
import io.pqx.format.schema.ParquetToFlinkSchema;
import java.io.IOException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Read schemas without a file: the {@link ReadSchema} a reader would give for a Parquet schema, for
 * tests of code that takes one (pqx-tools' JSON renderer). In the format's test-jar.
 */
public final class TestingReadSchemas {
    private TestingReadSchemas() {}

    /** The read schema of a file with this Parquet schema (no declared Flink type). */
    public static ReadSchema of(MessageType type) throws IOException {
        return ReadSchema.of(
                ParquetToFlinkSchema.convert(type, null, FileContext.of("test.parquet")));
    }

    /** {@link #of(MessageType)} of a schema in Parquet's schema language, one line per string. */
    public static ReadSchema parse(String... lines) throws IOException {
        return of(MessageTypeParser.parseMessageType(String.join("\n", lines)));
    }
}
