package io.pqx.format.fuzz;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Deterministic damage to a Parquet file: given the file's bytes (with their {@link FileLayout}), a
 * seed and an index, always the same mutant bytes and a description of what was done, so that any
 * finding is reproduced from {@code (seed, index)}. Pure and thread-safe.
 *
 * <p>The mutation is chosen by {@code index} in turn from {@link Kind}: bit flips anywhere, in the
 * footer and in page headers; truncation; deleted and duplicated byte ranges; Thrift integer,
 * length and count fields of the footer or a page header set to 0, -1 or 2^31-1 (a footer edit also
 * rewrites the footer length in the tail, so the edited footer is what gets parsed); a page body
 * overwritten, wholly or in part, with noise. A kind that needs a part the file lacks (an encrypted
 * footer has no walkable fields) falls back to a bit flip anywhere.
 */
public final class TestingMutator {
    private static final long[] FIELD_VALUES = {0, -1, Integer.MAX_VALUE};

    private TestingMutator() {}

    /** The kinds of damage, applied in this order by index. */
    public enum Kind {
        BIT_FLIP_ANYWHERE,
        BIT_FLIP_FOOTER,
        BIT_FLIP_PAGE_HEADER,
        TRUNCATE,
        DELETE_RANGE,
        DUPLICATE_RANGE,
        FOOTER_FIELD,
        PAGE_HEADER_FIELD,
        PAGE_BODY_NOISE
    }

    /** A damaged copy and what was done to it, e.g. {@code "flip bit 3 of byte 1207 (footer)"}. */
    public record Mutant(byte[] bytes, Kind kind, String description) {}

    /** The random stream of one mutant: a function of the seed and the index only. */
    public static SplittableRandom random(long seed, long index) {
        return new SplittableRandom(
                seed * 0x9E3779B97F4A7C15L + index * 0xBF58476D1CE4E5B9L + index);
    }

    public static Mutant mutate(byte[] file, FileLayout layout, long seed, long index) {
        SplittableRandom random = random(seed, index);
        random.nextLong(); // the first draw chooses the seed file (see FuzzRun)
        Kind kind = Kind.values()[(int) Math.floorMod(index, (long) Kind.values().length)];
        Mutant m =
                switch (kind) {
                    case BIT_FLIP_ANYWHERE -> flip(file, kind, random, 0, file.length, "");
                    case BIT_FLIP_FOOTER ->
                            layout.footer() == null
                                    ? null
                                    : flip(
                                            file,
                                            kind,
                                            random,
                                            layout.footer().start(),
                                            layout.footer().end(),
                                            " (footer)");
                    case BIT_FLIP_PAGE_HEADER -> {
                        FileLayout.Page page = page(layout, random);
                        yield page == null
                                ? null
                                : flip(
                                        file,
                                        kind,
                                        random,
                                        page.header().start(),
                                        page.header().end(),
                                        " (page header at " + page.header().start() + ")");
                    }
                    case TRUNCATE -> truncate(file, random);
                    case DELETE_RANGE -> delete(file, random);
                    case DUPLICATE_RANGE -> duplicate(file, random);
                    case FOOTER_FIELD -> footerField(file, layout, random);
                    case PAGE_HEADER_FIELD -> pageHeaderField(file, layout, random);
                    case PAGE_BODY_NOISE -> noise(file, layout, random);
                };
        return m != null ? m : flip(file, Kind.BIT_FLIP_ANYWHERE, random, 0, file.length, "");
    }

    private static FileLayout.Page page(FileLayout layout, SplittableRandom random) {
        List<FileLayout.Page> pages = layout.pages();
        return pages.isEmpty() ? null : pages.get(random.nextInt(pages.size()));
    }

    private static Mutant flip(
            byte[] file, Kind kind, SplittableRandom random, int from, int to, String where) {
        if (to <= from) {
            return null;
        }
        byte[] out = file.clone();
        int bits = 1 + (random.nextInt(4) == 0 ? random.nextInt(3) : 0);
        StringBuilder what = new StringBuilder();
        for (int i = 0; i < bits; i++) {
            int at = from + random.nextInt(to - from);
            int bit = random.nextInt(8);
            out[at] ^= (byte) (1 << bit);
            what.append(i == 0 ? "flip bit " : ", bit ").append(bit).append(" of byte ").append(at);
        }
        return new Mutant(out, kind, what + where);
    }

    private static Mutant truncate(byte[] file, SplittableRandom random) {
        int length =
                random.nextBoolean()
                        ? random.nextInt(file.length)
                        : Math.max(0, file.length - 1 - random.nextInt(Math.min(file.length, 64)));
        return new Mutant(
                Arrays.copyOf(file, length),
                Kind.TRUNCATE,
                "truncate to " + length + " of " + file.length + " bytes");
    }

    private static int rangeLength(byte[] file, SplittableRandom random) {
        int most =
                random.nextInt(4) == 0 ? Math.max(1, file.length / 4) : Math.min(64, file.length);
        return 1 + random.nextInt(Math.max(1, most));
    }

    private static Mutant delete(byte[] file, SplittableRandom random) {
        int length = Math.min(rangeLength(file, random), file.length - 1);
        int at = random.nextInt(file.length - length + 1);
        ByteArrayOutputStream out = new ByteArrayOutputStream(file.length);
        out.write(file, 0, at);
        out.write(file, at + length, file.length - at - length);
        return new Mutant(
                out.toByteArray(),
                Kind.DELETE_RANGE,
                "delete bytes [" + at + ", " + (at + length) + ")");
    }

    private static Mutant duplicate(byte[] file, SplittableRandom random) {
        int length = Math.min(rangeLength(file, random), file.length);
        int at = random.nextInt(file.length - length + 1);
        ByteArrayOutputStream out = new ByteArrayOutputStream(file.length + length);
        out.write(file, 0, at + length);
        out.write(file, at, file.length - at);
        return new Mutant(
                out.toByteArray(),
                Kind.DUPLICATE_RANGE,
                "duplicate bytes [" + at + ", " + (at + length) + ")");
    }

    private static Mutant footerField(byte[] file, FileLayout layout, SplittableRandom random) {
        List<ThriftFields.Field> fields = layout.footerFields();
        if (fields.isEmpty()) {
            return null;
        }
        ThriftFields.Field field = fields.get(random.nextInt(fields.size()));
        long value = FIELD_VALUES[random.nextInt(FIELD_VALUES.length)];
        byte[] out = replace(file, field, value);
        int delta = out.length - file.length;
        int footerLength = layout.footer().length() + delta;
        int tail = out.length - 8;
        out[tail] = (byte) footerLength;
        out[tail + 1] = (byte) (footerLength >>> 8);
        out[tail + 2] = (byte) (footerLength >>> 16);
        out[tail + 3] = (byte) (footerLength >>> 24);
        return new Mutant(
                out,
                Kind.FOOTER_FIELD,
                "set footer " + field.kind() + " field at byte " + field.offset() + " to " + value);
    }

    private static Mutant pageHeaderField(byte[] file, FileLayout layout, SplittableRandom random) {
        FileLayout.Page page = page(layout, random);
        if (page == null || page.headerFields().isEmpty()) {
            return null;
        }
        ThriftFields.Field field =
                page.headerFields().get(random.nextInt(page.headerFields().size()));
        long value = FIELD_VALUES[random.nextInt(FIELD_VALUES.length)];
        return new Mutant(
                replace(file, field, value),
                Kind.PAGE_HEADER_FIELD,
                "set page header "
                        + field.kind()
                        + " field at byte "
                        + field.offset()
                        + " to "
                        + value);
    }

    private static byte[] replace(byte[] file, ThriftFields.Field field, long value) {
        byte[] encoded = ThriftFields.encode(field, value);
        ByteArrayOutputStream out = new ByteArrayOutputStream(file.length + encoded.length);
        out.write(file, 0, field.offset());
        out.write(encoded, 0, encoded.length);
        int after = field.offset() + field.length();
        out.write(file, after, file.length - after);
        return out.toByteArray();
    }

    private static Mutant noise(byte[] file, FileLayout layout, SplittableRandom random) {
        FileLayout.Page page = page(layout, random);
        if (page == null || page.body().length() == 0) {
            return null;
        }
        FileLayout.Region body = page.body();
        int from = body.start();
        int to = body.end();
        if (random.nextBoolean()) {
            from = body.start() + random.nextInt(body.length());
            to = from + 1 + random.nextInt(body.end() - from);
        }
        byte[] out = file.clone();
        for (int i = from; i < to; i++) {
            out[i] = (byte) random.nextInt(256);
        }
        return new Mutant(
                out,
                Kind.PAGE_BODY_NOISE,
                "noise over bytes [" + from + ", " + to + ") of the page body at " + body.start());
    }
}
