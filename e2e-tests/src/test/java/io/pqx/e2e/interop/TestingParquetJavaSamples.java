package io.pqx.e2e.interop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Random;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes Parquet files with parquet-java's writer ({@link ExampleParquetWriter}) for the
 * read-direction interop test: a schema with every logical type pqx reads (incl. unsigned ints,
 * FLOAT16, UUID, TIME/TIMESTAMP in all units, INT96, JSON, ENUM, decimals on all physical types),
 * standard and legacy (2-level, unannotated repeated) lists, a map and a struct nested three deep;
 * random values from a fixed seed, with nulls and empty lists. The {@link Layout} picks codec, page
 * version, dictionary, sizes and a bloom-filtered column; parquet-java writes the page index always
 * (except for INT96, which has no order).
 *
 * <p>Stateless; used on the test thread.
 */
final class TestingParquetJavaSamples {

    /** One way to write the sample table. */
    record Layout(
            CompressionCodecName codec,
            WriterVersion version,
            boolean dictionary,
            int rowGroupBytes,
            int pageBytes,
            String bloomColumn) {
        @Override
        public String toString() {
            return codec
                    + ", "
                    + version
                    + ", dictionary "
                    + (dictionary ? "on" : "off")
                    + ", row groups of "
                    + rowGroupBytes
                    + " B, pages of "
                    + pageBytes
                    + " B, bloom filter on "
                    + bloomColumn;
        }
    }

    static final MessageType SCHEMA =
            MessageTypeParser.parseMessageType(
                    """
                    message sample {
                      required int32 id;
                      optional int32 i8 (INTEGER(8,true));
                      optional int32 i16 (INTEGER(16,true));
                      optional int64 i64;
                      optional int32 u16 (INTEGER(16,false));
                      optional int32 u32 (INTEGER(32,false));
                      optional int64 u64 (INTEGER(64,false));
                      optional float f32;
                      optional double f64;
                      optional boolean flag;
                      optional int32 dec9 (DECIMAL(9,3));
                      optional int64 dec18 (DECIMAL(18,6));
                      optional fixed_len_byte_array(16) dec38 (DECIMAL(38,12));
                      optional binary dec_bin (DECIMAL(20,2));
                      required binary category (STRING);
                      optional binary text (STRING);
                      optional binary raw;
                      optional fixed_len_byte_array(4) fixed4;
                      optional fixed_len_byte_array(16) id_uuid (UUID);
                      optional fixed_len_byte_array(2) half (FLOAT16);
                      optional int32 day (DATE);
                      optional int32 time_ms (TIME(MILLIS,true));
                      optional int64 time_us (TIME(MICROS,false));
                      optional int64 ts_ms (TIMESTAMP(MILLIS,true));
                      optional int64 ts_us (TIMESTAMP(MICROS,false));
                      optional int64 ts_ns (TIMESTAMP(NANOS,false));
                      optional int96 legacy_ts;
                      optional binary js (JSON);
                      optional binary en (ENUM);
                      optional group tags (LIST) {
                        repeated group list {
                          optional binary element (STRING);
                        }
                      }
                      optional group attrs (MAP) {
                        repeated group key_value {
                          required binary key (STRING);
                          optional int64 value;
                        }
                      }
                      optional group deep {
                        required int32 a;
                        optional group b (LIST) {
                          repeated group list {
                            optional group element {
                              optional binary c (STRING);
                              optional group d (LIST) {
                                repeated group list {
                                  required int32 element;
                                }
                              }
                            }
                          }
                        }
                      }
                      repeated int32 legacy_repeated;
                      optional group legacy_list (LIST) {
                        repeated int64 element;
                      }
                    }\
                    """);

    private static final String[] CATEGORIES = {
        "red", "green", "blue", "cyan", "magenta", "yellow"
    };

    private TestingParquetJavaSamples() {}

    /** Writes {@code rows} rows drawn from {@code seed} to {@code file} in {@code layout}. */
    static void write(Path file, int rows, long seed, Layout layout) throws IOException {
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> writer =
                ExampleParquetWriter.builder(new LocalOutputFile(file))
                        .withType(SCHEMA)
                        .withCompressionCodec(layout.codec())
                        .withWriterVersion(layout.version())
                        .withDictionaryEncoding(layout.dictionary())
                        // Small dictionaries: high-cardinality columns fall back to plain (and get
                        // their bloom
                        // filter, which parquet-java skips for fully dictionary-encoded chunks),
                        // "category" stays.
                        .withDictionaryPageSize(2048)
                        .withRowGroupSize((long) layout.rowGroupBytes())
                        .withPageSize(layout.pageBytes())
                        .withBloomFilterEnabled(layout.bloomColumn(), true)
                        .build()) {
            Random random = new Random(seed);
            for (int i = 0; i < rows; i++) {
                writer.write(row(groups.newGroup(), i, random));
            }
        }
    }

    private static Group row(Group g, int i, Random r) {
        g.add("id", i);
        maybe(r, () -> g.add("i8", r.nextInt(256) - 128));
        maybe(r, () -> g.add("i16", r.nextInt(65536) - 32768));
        maybe(r, () -> g.add("i64", r.nextLong()));
        maybe(r, () -> g.add("u16", r.nextInt(65536)));
        maybe(r, () -> g.add("u32", r.nextInt()));
        maybe(r, () -> g.add("u64", r.nextLong()));
        maybe(
                r,
                () ->
                        g.add(
                                "f32",
                                r.nextInt(10) == 0 ? Float.NaN : (float) r.nextGaussian() * 1e3f));
        maybe(
                r,
                () ->
                        g.add(
                                "f64",
                                r.nextInt(10) == 0
                                        ? -0.0
                                        : r.nextGaussian() * Math.pow(10, r.nextInt(40) - 20)));
        maybe(r, () -> g.add("flag", r.nextBoolean()));
        maybe(r, () -> g.add("dec9", r.nextInt(1_999_999_999) - 999_999_999));
        maybe(r, () -> g.add("dec18", r.nextLong() % 1_000_000_000_000_000_000L));
        maybe(r, () -> g.add("dec38", Binary.fromConstantByteArray(signed(r, 16))));
        maybe(r, () -> g.add("dec_bin", Binary.fromConstantByteArray(signed(r, 1 + r.nextInt(8)))));
        g.add("category", CATEGORIES[r.nextInt(CATEGORIES.length)]);
        maybe(r, () -> g.add("text", text(r, i)));
        maybe(r, () -> g.add("raw", Binary.fromConstantByteArray(bytes(r, r.nextInt(20)))));
        maybe(r, () -> g.add("fixed4", Binary.fromConstantByteArray(bytes(r, 4))));
        maybe(r, () -> g.add("id_uuid", Binary.fromConstantByteArray(bytes(r, 16))));
        maybe(r, () -> g.add("half", Binary.fromConstantByteArray(float16(r))));
        maybe(r, () -> g.add("day", r.nextInt(2_000_000) - 1_000_000));
        maybe(r, () -> g.add("time_ms", r.nextInt(86_400_000)));
        maybe(r, () -> g.add("time_us", (long) (r.nextDouble() * 86_400_000_000L)));
        maybe(r, () -> g.add("ts_ms", r.nextLong() % 100_000_000_000_000L));
        maybe(r, () -> g.add("ts_us", r.nextLong() % 100_000_000_000_000_000L));
        maybe(r, () -> g.add("ts_ns", r.nextLong()));
        maybe(r, () -> g.add("legacy_ts", Binary.fromConstantByteArray(int96(r))));
        maybe(r, () -> g.add("js", "{\"n\":" + i + ",\"s\":\"" + CATEGORIES[i % 6] + "\"}"));
        maybe(r, () -> g.add("en", CATEGORIES[r.nextInt(3)]));
        maybe(r, () -> tags(g.addGroup("tags"), r));
        maybe(r, () -> attrs(g.addGroup("attrs"), r));
        maybe(r, () -> deep(g.addGroup("deep"), r));
        for (int k = r.nextInt(4); k > 0; k--) {
            g.add("legacy_repeated", r.nextInt(100));
        }
        maybe(
                r,
                () -> {
                    Group list = g.addGroup("legacy_list");
                    for (int k = r.nextInt(3); k > 0; k--) {
                        list.add("element", r.nextLong());
                    }
                });
        return g;
    }

    /** Runs {@code add} for about four rows in five, leaving the field null otherwise. */
    private static void maybe(Random r, Runnable add) {
        if (r.nextInt(5) != 0) {
            add.run();
        }
    }

    private static void tags(Group tags, Random r) {
        for (int k = r.nextInt(4); k > 0; k--) {
            Group item = tags.addGroup("list");
            maybe(r, () -> item.add("element", CATEGORIES[r.nextInt(CATEGORIES.length)]));
        }
    }

    private static void attrs(Group attrs, Random r) {
        for (int k = r.nextInt(4); k > 0; k--) {
            Group entry = attrs.addGroup("key_value");
            entry.add("key", "k" + k);
            maybe(r, () -> entry.add("value", r.nextLong()));
        }
    }

    private static void deep(Group deep, Random r) {
        deep.add("a", r.nextInt());
        maybe(
                r,
                () -> {
                    Group b = deep.addGroup("b");
                    for (int k = r.nextInt(3); k > 0; k--) {
                        Group item = b.addGroup("list");
                        maybe(
                                r,
                                () -> {
                                    Group element = item.addGroup("element");
                                    maybe(r, () -> element.add("c", "c" + r.nextInt(1000)));
                                    maybe(
                                            r,
                                            () -> {
                                                Group d = element.addGroup("d");
                                                for (int j = r.nextInt(3); j > 0; j--) {
                                                    d.addGroup("list").add("element", r.nextInt());
                                                }
                                            });
                                });
                    }
                });
    }

    private static String text(Random r, int i) {
        return switch (r.nextInt(4)) {
            case 0 -> "";
            case 1 -> "quote \" backslash \\ newline \n tab \t bell \u0007 row " + i;
            case 2 -> "ünïcödé 日本語 🚀 " + i;
            default -> Long.toHexString(r.nextLong());
        };
    }

    private static byte[] bytes(Random r, int length) {
        byte[] b = new byte[length];
        r.nextBytes(b);
        return b;
    }

    /**
     * A big-endian two's complement number of {@code length} bytes that fits the decimal precision.
     */
    private static byte[] signed(Random r, int length) {
        byte[] b = bytes(r, length);
        // Keep |value| < 10^(precision): clear the top bits of the leading byte, keep its sign.
        b[0] = (byte) (b[0] < 0 ? b[0] | 0xf0 : b[0] & 0x0f);
        return b;
    }

    private static byte[] float16(Random r) {
        short bits = (short) r.nextInt(1 << 16);
        return new byte[] {(byte) bits, (byte) (bits >> 8)};
    }

    /**
     * An INT96 timestamp: 8 bytes little-endian nanoseconds of day (whole microseconds), 4 bytes
     * Julian day.
     */
    private static byte[] int96(Random r) {
        long nanosOfDay = (long) (r.nextDouble() * 86_400_000_000L) * 1000;
        int julianDay = 2_440_588 + r.nextInt(100_000) - 50_000;
        return ByteBuffer.allocate(12)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putLong(nanosOfDay)
                .putInt(julianDay)
                .array();
    }
}
