package io.pqx.format.codec;

import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.options.Compression;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Where {@link Codec}s come from. The writer asks {@link #forWriting} for the configured codec and
 * level; the page reader asks {@link #forReading} for the codec a column chunk declares. All codecs
 * returned are thread-safe and may be shared.
 *
 * <p>Read support: UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW, LZ4 (Hadoop framing or raw block),
 * BROTLI. Write support: UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW. LZO is not supported.
 */
@Internal
public final class Codecs {
    /** The ZSTD level used when a caller gives none (zstd's own default). */
    public static final int DEFAULT_ZSTD_LEVEL = 3;

    /** Passed as {@code level} to mean "the codec's default". */
    public static final int DEFAULT_LEVEL = Integer.MIN_VALUE;

    // Reading codecs are stateless: share one of each.
    private static final Codec READ_GZIP = new GzipCodec(-1);
    private static final Codec READ_ZSTD = new ZstdCodec(DEFAULT_ZSTD_LEVEL);

    private Codecs() {}

    /** The Parquet codec that {@code compression} is written as (the constant of the same name). */
    public static CompressionCodecName parquetName(Compression compression) {
        return CompressionCodecName.valueOf(compression.name());
    }

    /**
     * A codec for writing pages with pqx's codec type; see {@link #forWriting(CompressionCodecName,
     * int)}.
     */
    public static Codec forWriting(Compression compression, int level) {
        return forWriting(parquetName(compression), level);
    }

    /**
     * A codec for writing pages.
     *
     * @param level ZSTD level (its own range, e.g. 1..22), GZIP level (-1..9); ignored by the other
     *     codecs; {@link #DEFAULT_LEVEL} for the codec's default
     * @throws IllegalArgumentException for a codec pqx cannot write (LZ4, LZO, BROTLI) or a level
     *     out of range
     */
    public static Codec forWriting(CompressionCodecName name, int level) {
        switch (name) {
            case UNCOMPRESSED:
                return UncompressedCodec.INSTANCE;
            case SNAPPY:
                return SnappyCodec.INSTANCE;
            case GZIP:
                return new GzipCodec(level == DEFAULT_LEVEL ? -1 : level);
            case ZSTD:
                return new ZstdCodec(level == DEFAULT_LEVEL ? DEFAULT_ZSTD_LEVEL : level);
            case LZ4_RAW:
                return Lz4RawCodec.INSTANCE;
            case LZ4:
                throw new IllegalArgumentException(
                        "Cannot write codec LZ4: it is deprecated (its framing is ambiguous); use"
                                + " LZ4_RAW");
            default:
                throw new IllegalArgumentException(
                        "Cannot write codec "
                                + name
                                + ": supported are UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW");
        }
    }

    /**
     * The codec a column chunk declares, for reading its pages.
     *
     * @param codec the thrift codec of the column chunk; null when the file holds a codec id this
     *     version of the format classes does not know
     * @throws UnsupportedFileException "Cannot decompress page: codec X is not supported (...)" for
     *     LZO and unknown codecs
     */
    public static Codec forReading(@Nullable CompressionCodec codec, FileContext ctx)
            throws UnsupportedFileException {
        if (codec == null) {
            throw ctx.unsupported("Cannot decompress page", "codec is unknown");
        }
        switch (codec) {
            case UNCOMPRESSED:
                return UncompressedCodec.INSTANCE;
            case SNAPPY:
                return SnappyCodec.INSTANCE;
            case GZIP:
                return READ_GZIP;
            case ZSTD:
                return READ_ZSTD;
            case LZ4_RAW:
                return Lz4RawCodec.INSTANCE;
            case LZ4:
                return HadoopLz4Codec.INSTANCE;
            case BROTLI:
                return BrotliCodec.INSTANCE;
            default:
                throw ctx.unsupported(
                        "Cannot decompress page", "codec " + codec + " is not supported");
        }
    }
}
