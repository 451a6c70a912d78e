package io.pqx.format.options;

import static org.apache.flink.configuration.description.TextElement.text;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.InlineElement;

/**
 * The codecs pqx writes, for {@link WriteOptions.Builder#codec} and the sink's {@code
 * sink.compression.codec}. Reading is not limited to these: a reader decompresses every codec a
 * file declares that pqx supports (also LZ4 and BROTLI), whatever this enum holds.
 *
 * <p>Each constant is written into the footer under the Parquet codec of the same name. A {@link
 * DescribedEnum}, so Flink's {@code ConfigOption} documentation lists the constants with their
 * description; Flink parses option values case-insensitively ({@code zstd}, {@code lz4_raw}).
 */
@PublicEvolving
public enum Compression implements DescribedEnum {
    UNCOMPRESSED("No compression."),
    SNAPPY("Snappy."),
    GZIP("Gzip, levels 0..9 (default 6)."),
    ZSTD("Zstandard, levels 1..22 (default 3)."),
    LZ4_RAW("LZ4 raw block format.");

    private final String description;

    Compression(String description) {
        this.description = description;
    }

    /** The level used when none is set: 6 for GZIP, 3 for ZSTD, unused by the others. */
    public int defaultLevel() {
        return this == GZIP ? 6 : 3;
    }

    @Override
    public InlineElement getDescription() {
        return text(description);
    }
}
