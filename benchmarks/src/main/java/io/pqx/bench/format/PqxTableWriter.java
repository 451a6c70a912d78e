package io.pqx.bench.format;

import io.pqx.format.ParquetWriter;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import javax.annotation.Nullable;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;

/**
 * pqx's side of {@code format_write}: {@link ParquetWriter#create} on a local Flink path, with the
 * suite's {@link FormatSettings} translated to {@link WriteOptions} (the row-group byte bound set
 * to its maximum so the row-count bound decides, as for parquet-java). {@code create} encodes on
 * the calling thread, so the comparison is single-threaded on both sides. Page CRCs are on (pqx's
 * default) unless built with {@link #withoutChecksums}, which the suite uses to measure what they
 * cost; {@link #encrypted} writes the same file with Parquet modular encryption, to measure what
 * that costs. Stateless; one write at a time.
 */
public final class PqxTableWriter implements TableWriter {

    private final String name;
    private final WriteOptions options;

    /** pqx's writer with its defaults for what the settings leave open (page CRCs on). */
    public PqxTableWriter(FormatSettings settings) {
        this(FormatContenders.PQX, settings, true);
    }

    /** The same writer with {@code pageChecksums(false)}, named {@code pqx_nocrc}. */
    public static PqxTableWriter withoutChecksums(FormatSettings settings) {
        return new PqxTableWriter(FormatContenders.PQX_NO_CRC, settings, false);
    }

    /**
     * The same writer (page CRCs on) with {@code codec} instead of ZSTD, named {@code pqx_<codec>}
     * in lower case.
     */
    public static PqxTableWriter withCodec(FormatSettings settings, Compression codec) {
        return new PqxTableWriter(
                FormatContenders.PQX + "_" + codec.name().toLowerCase(Locale.ROOT),
                settings,
                true,
                codec);
    }

    /** The same writer (page CRCs on) encrypting the file with {@code encryption}. */
    public static PqxTableWriter encrypted(
            String name, FormatSettings settings, FileEncryptionProperties encryption) {
        return new PqxTableWriter(name, settings, true, Compression.ZSTD, encryption);
    }

    private PqxTableWriter(String name, FormatSettings settings, boolean checksums) {
        this(name, settings, checksums, Compression.ZSTD);
    }

    private PqxTableWriter(
            String name, FormatSettings settings, boolean checksums, Compression codec) {
        this(name, settings, checksums, codec, null);
    }

    private PqxTableWriter(
            String name,
            FormatSettings settings,
            boolean checksums,
            Compression codec,
            @Nullable FileEncryptionProperties encryption) {
        this.name = name;
        this.options =
                WriteOptions.builder()
                        .codec(codec)
                        .compressionLevel(settings.zstdLevel())
                        .pageVersion(PageVersion.V1)
                        .dictionaryEnabled(true)
                        .dictionaryPageSizeBytes(settings.dictionaryPageSizeBytes())
                        .pageSizeBytes(settings.pageSizeBytes())
                        .pageRowLimit(settings.pageRowLimit())
                        .rowGroupRows(settings.rowGroupRows())
                        .rowGroupBytes(WriteOptions.MAX_ROW_GROUP_BYTES)
                        .pageChecksums(checksums)
                        .encryption(encryption)
                        .build();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void write(List<RowData> rows, java.nio.file.Path file) throws IOException {
        Path target = new Path(file.toUri());
        try (ParquetWriter writer =
                ParquetWriter.builder(LineitemTable.ROW_TYPE).options(options).create(target)) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
    }
}
