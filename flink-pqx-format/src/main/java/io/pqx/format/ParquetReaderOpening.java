package io.pqx.format;

import io.pqx.format.error.FileContext;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.schema.FlinkToParquetSchema;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.ParquetToFlinkSchema;
import java.io.IOException;
import org.apache.flink.table.types.logical.RowType;

/**
 * The ways {@link ParquetReader} opens a file: its footer read from the file, taken from a tail
 * read before, or a footer read before. Each converts the schema the same way, and closes the file
 * when opening fails (the reader owns it).
 */
final class ParquetReaderOpening {
    private ParquetReaderOpening() {}

    static ParquetReader keepingTail(InputFile file, ReadOptions options, int maxTailBytes)
            throws IOException {
        return closingOnFailure(
                file,
                () -> {
                    FooterReader.Tail tail =
                            FooterReader.readWithTail(
                                    file, options.maxFooterBytes(), options.decryption());
                    ParquetReader reader =
                            withFooter(
                                    TailBytes.serving(file, tail),
                                    ParquetFooter.of(tail.metadata()),
                                    options);
                    reader.keptTail =
                            maxTailBytes > 0 ? TailBytes.shippable(tail, maxTailBytes) : null;
                    return reader;
                });
    }

    static ParquetReader fromTail(InputFile file, ParquetTail tail, ReadOptions options)
            throws IOException {
        return closingOnFailure(
                file,
                () -> {
                    FooterReader.Tail read =
                            FooterReader.fromTail(
                                    file,
                                    tail.start(),
                                    tail.bytes(),
                                    options.maxFooterBytes(),
                                    options.decryption());
                    return withFooter(
                            TailBytes.serving(file, read),
                            ParquetFooter.of(read.metadata()),
                            options);
                });
    }

    static ParquetReader withReadFooter(InputFile file, ParquetFooter footer, ReadOptions options)
            throws IOException {
        return closingOnFailure(
                file,
                () -> {
                    long length = file.length();
                    if (length != footer.fileLength()) {
                        throw FileContext.of(file.location())
                                .corrupt(
                                        "Cannot open file with a footer read before",
                                        "the file has "
                                                + length
                                                + " bytes, but the footer was read from a file of "
                                                + footer.fileLength()
                                                + " bytes ("
                                                + footer.location()
                                                + "): the file was replaced or changed since");
                    }
                    return withFooter(file, footer, options);
                });
    }

    static ParquetReader withFooter(InputFile file, ParquetFooter footer, ReadOptions options)
            throws IOException {
        FileMetadata metadata = footer.internal();
        RowType declared =
                options.useDeclaredSchema()
                        ? FlinkToParquetSchema.declaredType(metadata.keyValueMetadata())
                        : null;
        ParquetSchema schema =
                ParquetToFlinkSchema.convert(
                        metadata.messageType(), declared, FileContext.of(file.location()));
        return new ParquetReader(file, options, footer, schema);
    }

    /** An opening step that may fail; the reader owns the file, so a failure closes it. */
    private interface Opening {
        ParquetReader open() throws IOException;
    }

    private static ParquetReader closingOnFailure(InputFile file, Opening opening)
            throws IOException {
        try {
            return opening.open();
        } catch (IOException | RuntimeException e) {
            try {
                file.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
