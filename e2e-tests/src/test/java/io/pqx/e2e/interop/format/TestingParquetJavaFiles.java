package io.pqx.e2e.interop.format;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Files written by parquet-java (test scope only) with every physical type, annotation and nesting
 * pqx reads, random values with nulls and empty collections, for pqx to read back.
 */
public final class TestingParquetJavaFiles {
    public static final MessageType SCHEMA =
            MessageTypeParser.parseMessageType(
                    "message m {\n"
                            + "  required int32 id;\n"
                            + "  optional int64 l;\n"
                            + "  optional double d;\n"
                            + "  optional float f;\n"
                            + "  optional boolean b;\n"
                            + "  optional binary s (STRING);\n"
                            + "  optional binary low (STRING);\n"
                            + "  optional binary bin;\n"
                            + "  optional fixed_len_byte_array(16) uuid (UUID);\n"
                            + "  optional int32 dec9 (DECIMAL(9,2));\n"
                            + "  optional int64 dec18 (DECIMAL(18,4));\n"
                            + "  optional fixed_len_byte_array(16) dec38 (DECIMAL(38,10));\n"
                            + "  optional binary decbin (DECIMAL(30,3));\n"
                            + "  optional int32 date (DATE);\n"
                            + "  optional int64 ts_micros (TIMESTAMP(MICROS,false));\n"
                            + "  optional int64 ts_millis (TIMESTAMP(MILLIS,true));\n"
                            + "  optional int64 ts_nanos (TIMESTAMP(NANOS,false));\n"
                            + "  optional int32 time_ms (TIME(MILLIS,false));\n"
                            + "  optional int64 time_us (TIME(MICROS,false));\n"
                            + "  optional int32 i8 (INTEGER(8,true));\n"
                            + "  optional int32 u8 (INTEGER(8,false));\n"
                            + "  optional int32 i16 (INTEGER(16,true));\n"
                            + "  optional int32 u16 (INTEGER(16,false));\n"
                            + "  optional int32 u32 (INTEGER(32,false));\n"
                            + "  optional int64 u64 (INTEGER(64,false));\n"
                            + "  optional int96 legacy_ts;\n"
                            + "  optional group tags (LIST) { repeated group list { optional binary element (STRING); } }\n"
                            + "  optional group props (MAP) { repeated group key_value {\n"
                            + "    required binary key (STRING); optional int32 value; } }\n"
                            + "  optional group point { required double x; optional group inner {\n"
                            + "    optional int32 z;\n"
                            + "    optional group zs (LIST) { repeated group list { required int32 element; } } } }\n"
                            + "  optional group matrix (LIST) { repeated group list { optional group element (LIST) {\n"
                            + "    repeated group list { optional int64 element; } } } }\n"
                            + "}");

    private TestingParquetJavaFiles() {}

    /** How parquet-java writes the file. */
    public record Layout(
            WriterVersion version,
            CompressionCodecName codec,
            boolean dictionary,
            long rowGroupBytes,
            int pageRowLimit) {}

    public static void write(Path file, int rows, long seed, Layout layout) throws IOException {
        try (ParquetWriter<Group> writer =
                ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toUri()))
                        .withConf(new Configuration())
                        .withType(SCHEMA)
                        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                        .withWriterVersion(layout.version())
                        .withCompressionCodec(layout.codec())
                        .withDictionaryEncoding(layout.dictionary())
                        .withRowGroupSize(layout.rowGroupBytes())
                        .withPageRowCountLimit(layout.pageRowLimit())
                        .withPageSize(64 * 1024)
                        .build()) {
            SimpleGroupFactory factory = new SimpleGroupFactory(SCHEMA);
            Random random = new Random(seed);
            for (int i = 0; i < rows; i++) {
                writer.write(row(factory, random, i));
            }
        }
    }

    private static Group row(SimpleGroupFactory factory, Random r, int id) {
        Group g = factory.newGroup();
        g.add("id", id);
        if (some(r)) g.add("l", r.nextLong());
        if (some(r)) g.add("d", r.nextInt(5) == 0 ? Double.NaN : r.nextGaussian() * 1e6);
        if (some(r)) g.add("f", r.nextFloat() * 100 - 50);
        if (some(r)) g.add("b", r.nextBoolean());
        if (some(r))
            g.add("s", "s" + Long.toString(r.nextLong(), 36) + "\u00e9\u4e2d".repeat(r.nextInt(3)));
        if (some(r)) g.add("low", "category-" + r.nextInt(7));
        if (some(r)) g.add("bin", Binary.fromConstantByteArray(bytes(r, r.nextInt(20))));
        if (some(r)) g.add("uuid", Binary.fromConstantByteArray(bytes(r, 16)));
        if (some(r)) g.add("dec9", r.nextInt(2_000_000_000) - 1_000_000_000);
        if (some(r)) g.add("dec18", r.nextLong() % 1_000_000_000_000_000_000L);
        if (some(r))
            g.add(
                    "dec38",
                    Binary.fromConstantByteArray(
                            fixed(
                                    new BigInteger(120, r).subtract(BigInteger.ONE.shiftLeft(119)),
                                    16)));
        if (some(r))
            g.add(
                    "decbin",
                    Binary.fromConstantByteArray(new BigInteger(90, r).negate().toByteArray()));
        if (some(r)) g.add("date", r.nextInt(40_000) - 10_000);
        if (some(r)) g.add("ts_micros", r.nextLong() % 4_000_000_000_000_000L);
        if (some(r)) g.add("ts_millis", r.nextLong() % 4_000_000_000_000L);
        if (some(r)) g.add("ts_nanos", r.nextLong());
        if (some(r)) g.add("time_ms", r.nextInt(86_400_000));
        if (some(r)) g.add("time_us", (long) r.nextInt(86_400_000) * 1000 + r.nextInt(1000));
        if (some(r)) g.add("i8", r.nextInt(256) - 128);
        if (some(r)) g.add("u8", r.nextInt(256));
        if (some(r)) g.add("i16", r.nextInt(65536) - 32768);
        if (some(r)) g.add("u16", r.nextInt(65536));
        if (some(r)) g.add("u32", r.nextInt());
        if (some(r)) g.add("u64", r.nextLong());
        if (some(r))
            g.add(
                    "legacy_ts",
                    new NanoTime(
                                    2_440_588 + r.nextInt(50_000),
                                    Math.floorMod(r.nextLong(), 86_400_000_000_000L))
                            .toBinary());
        if (some(r)) {
            Group tags = g.addGroup("tags");
            for (int i = r.nextInt(4); i > 0; i--) {
                Group element = tags.addGroup("list");
                if (some(r)) element.add("element", "t" + r.nextInt(100));
            }
        }
        if (some(r)) {
            Group props = g.addGroup("props");
            for (int i = r.nextInt(4); i > 0; i--) {
                Group kv = props.addGroup("key_value");
                kv.add("key", "k" + i);
                if (some(r)) kv.add("value", r.nextInt());
            }
        }
        if (some(r)) {
            Group point = g.addGroup("point");
            point.add("x", r.nextDouble());
            if (some(r)) {
                Group inner = point.addGroup("inner");
                if (some(r)) inner.add("z", r.nextInt(10));
                if (some(r)) {
                    Group zs = inner.addGroup("zs");
                    for (int i = r.nextInt(3); i > 0; i--) {
                        zs.addGroup("list").add("element", r.nextInt(1000));
                    }
                }
            }
        }
        if (some(r)) {
            Group matrix = g.addGroup("matrix");
            for (int i = r.nextInt(3); i > 0; i--) {
                Group row = matrix.addGroup("list");
                if (some(r)) {
                    Group cells = row.addGroup("element");
                    for (int j = r.nextInt(3); j > 0; j--) {
                        Group cell = cells.addGroup("list");
                        if (some(r)) cell.add("element", r.nextLong());
                    }
                }
            }
        }
        return g;
    }

    private static boolean some(Random r) {
        return r.nextInt(10) != 0;
    }

    private static byte[] bytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private static byte[] fixed(BigInteger value, int width) {
        byte[] v = value.toByteArray();
        byte[] out = new byte[width];
        byte pad = (byte) (value.signum() < 0 ? -1 : 0);
        Arrays.fill(out, pad);
        System.arraycopy(v, 0, out, width - v.length, v.length);
        return out;
    }
}
