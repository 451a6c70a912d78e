package io.pqx.bench.source;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.Variant;
import org.apache.flink.types.variant.VariantBuilder;

/**
 * Case {@code variant}'s table, generated in memory from a seed: JSON-like click-stream events of
 * ten fields ({@code user_id}, {@code event}, {@code ts}, {@code amount}, {@code country}, {@code
 * session_id}, {@code url}, {@code quantity}, a nested {@code device} object and a {@code tags}
 * array), each event held twice: as a Flink {@link BinaryVariant} (column {@code e VARIANT}) and as
 * that variant's JSON text (column {@code e STRING}), so both tables carry the same data. Events
 * are in time order and {@code user_id} grows with time (plus a jitter of 0..3), so a range of user
 * ids lies in a few neighbouring pages. Also holds the answer of the case's filter ({@code user_id}
 * in the middle 1 % of its range). Immutable once built.
 */
final class VariantEvents {
    /** The column both tables name. */
    static final String COLUMN = "e";

    /** The variant table's type: one nullable VARIANT column. */
    static final RowType VARIANT_TYPE =
            (RowType) DataTypes.ROW(DataTypes.FIELD(COLUMN, DataTypes.VARIANT())).getLogicalType();

    /** The peer's table: the same events as JSON text in one STRING column. */
    static final RowType STRING_TYPE =
            (RowType) DataTypes.ROW(DataTypes.FIELD(COLUMN, DataTypes.STRING())).getLogicalType();

    /** The shredded layout: 5 of the 10 fields get typed columns. */
    static final LogicalType SHREDDING =
            DataTypes.ROW(
                            DataTypes.FIELD("user_id", DataTypes.BIGINT()),
                            DataTypes.FIELD("event", DataTypes.STRING()),
                            DataTypes.FIELD("ts", DataTypes.TIMESTAMP(6)),
                            DataTypes.FIELD("amount", DataTypes.DECIMAL(12, 2)),
                            DataTypes.FIELD("country", DataTypes.STRING()))
                    .getLogicalType();

    /** The shredding type as SQL writes it, for the report. */
    static final String SHREDDING_SQL =
            "ROW<user_id BIGINT, event STRING, ts TIMESTAMP(6), amount DECIMAL(12, 2),"
                    + " country STRING>";

    private static final long FIRST_USER = 1_000_000L;
    private static final int ROWS_PER_USER = 8;
    private static final LocalDateTime START = LocalDateTime.of(2026, 12, 1, 0, 0);
    private static final String[] EVENTS = {
        "page_view",
        "page_view",
        "page_view",
        "click",
        "click",
        "search",
        "add_to_cart",
        "purchase",
        "login",
        "share"
    };
    private static final String[] COUNTRIES = {
        "DE", "FR", "US", "GB", "NL", "ES", "IT", "PL", "SE", "BR", "IN", "JP", "CA", "AU", "MX",
        "CH", "AT", "BE", "DK", "NO", "FI", "PT", "IE", "CZ"
    };
    private static final String[] OS = {"android", "ios", "windows", "macos", "linux"};
    private static final String[] MODELS = {
        "pixel-8", "iphone-15", "galaxy-s24", "thinkpad-x1", "macbook-air", "desktop"
    };
    private static final String[] TAGS = {
        "promo", "returning", "mobile", "newsletter", "beta", "vip", "campaign-winter", "ab-test-b"
    };
    private static final String[] REFERRERS = {"search", "email", "direct", "social", "ads"};

    private final List<RowData> variants;
    private final List<RowData> strings;
    private final long fromUser;
    private final long toUser;
    private final FilterAnswer answer;
    private final long jsonBytes;

    /** The answer of the filter: matching rows, their sums of user_id and of amount (cents). */
    record FilterAnswer(long rows, long userIdSum, long amountCentsSum) {}

    private VariantEvents(
            List<RowData> variants,
            List<RowData> strings,
            long fromUser,
            long toUser,
            FilterAnswer answer,
            long jsonBytes) {
        this.variants = variants;
        this.strings = strings;
        this.fromUser = fromUser;
        this.toUser = toUser;
        this.answer = answer;
        this.jsonBytes = jsonBytes;
    }

    /** Generates {@code rows} events from {@code seed}; the same arguments give the same events. */
    static VariantEvents generate(long rows, long seed) {
        if (rows < 100 || rows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "Cannot generate " + rows + " variant events: between 100 and 2^31-1 rows");
        }
        // the middle 1 % of the rows, by user id (user ids grow with the row)
        long fromUser = FIRST_USER + rows * 495 / 1000 / ROWS_PER_USER;
        long toUser = fromUser + Math.max(1, rows / 100 / ROWS_PER_USER);
        Random random = new Random(seed);
        VariantBuilder builder = Variant.newBuilder();
        List<RowData> variants = new ArrayList<>((int) rows);
        List<RowData> strings = new ArrayList<>((int) rows);
        long matches = 0;
        long userSum = 0;
        long amountSum = 0;
        long jsonBytes = 0;
        for (int i = 0; i < rows; i++) {
            long userId = FIRST_USER + i / ROWS_PER_USER + random.nextInt(4);
            long cents = random.nextInt(100_000);
            BinaryVariant event = event(builder, random, i, userId, cents);
            String json = event.toJson();
            jsonBytes += json.length();
            variants.add(GenericRowData.of(event));
            strings.add(GenericRowData.of(StringData.fromString(json)));
            if (userId >= fromUser && userId < toUser) {
                matches++;
                userSum += userId;
                amountSum += cents;
            }
        }
        return new VariantEvents(
                variants,
                strings,
                fromUser,
                toUser,
                new FilterAnswer(matches, userSum, amountSum),
                jsonBytes);
    }

    private static BinaryVariant event(
            VariantBuilder b, Random random, int i, long userId, long cents) {
        Variant device =
                b.object()
                        .add("os", b.of(OS[random.nextInt(OS.length)]))
                        .add("model", b.of(MODELS[random.nextInt(MODELS.length)]))
                        .add(
                                "app_version",
                                b.of("4." + random.nextInt(12) + "." + random.nextInt(30)))
                        .build();
        VariantBuilder.VariantArrayBuilder tags = b.array();
        int tagCount = random.nextInt(4);
        for (int t = 0; t < tagCount; t++) {
            tags.add(b.of(TAGS[random.nextInt(TAGS.length)]));
        }
        LocalDateTime ts = START.plusNanos((i * 50_000L + random.nextInt(50_000)) * 1_000L);
        return (BinaryVariant)
                b.object()
                        .add("user_id", b.of(userId))
                        .add("event", b.of(EVENTS[random.nextInt(EVENTS.length)]))
                        .add("ts", b.of(ts))
                        .add("amount", b.of(BigDecimal.valueOf(cents, 2)))
                        .add("country", b.of(COUNTRIES[random.nextInt(COUNTRIES.length)]))
                        .add("session_id", b.of(Long.toHexString(random.nextLong())))
                        .add(
                                "url",
                                b.of(
                                        "/products/"
                                                + random.nextInt(5_000)
                                                + "?ref="
                                                + REFERRERS[random.nextInt(REFERRERS.length)]))
                        .add("quantity", b.of(1 + random.nextInt(9)))
                        .add("device", device)
                        .add("tags", tags.build())
                        .build();
    }

    /** The events as rows of {@link #VARIANT_TYPE}. */
    List<RowData> variantRows() {
        return variants;
    }

    /** The same events' JSON text as rows of {@link #STRING_TYPE}. */
    List<RowData> stringRows() {
        return strings;
    }

    long rows() {
        return variants.size();
    }

    /** The filter's first user id (inclusive). */
    long fromUser() {
        return fromUser;
    }

    /** The filter's end (exclusive). */
    long toUser() {
        return toUser;
    }

    FilterAnswer answer() {
        return answer;
    }

    /** The JSON text's length summed over the events (characters; all ASCII). */
    long jsonBytes() {
        return jsonBytes;
    }
}
