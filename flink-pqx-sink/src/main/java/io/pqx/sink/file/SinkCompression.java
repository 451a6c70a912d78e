package io.pqx.sink.file;

import static org.apache.flink.configuration.description.TextElement.text;

import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.InlineElement;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** The page compression codecs the sink can write ({@code sink.compression.codec}). */
public enum SinkCompression implements DescribedEnum {
    UNCOMPRESSED(CompressionCodecName.UNCOMPRESSED, "No compression."),
    SNAPPY(CompressionCodecName.SNAPPY, "Snappy."),
    GZIP(CompressionCodecName.GZIP, "Gzip, levels 0..9 (default 6)."),
    ZSTD(CompressionCodecName.ZSTD, "Zstandard, levels 1..22 (default 3)."),
    LZ4_RAW(CompressionCodecName.LZ4_RAW, "LZ4 raw block format.");

    private final CompressionCodecName codec;
    private final String description;

    SinkCompression(CompressionCodecName codec, String description) {
        this.codec = codec;
        this.description = description;
    }

    /** The Parquet codec name. */
    public CompressionCodecName codec() {
        return codec;
    }

    @Override
    public InlineElement getDescription() {
        return text(description);
    }
}
