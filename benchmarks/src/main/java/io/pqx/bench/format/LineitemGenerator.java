package io.pqx.bench.format;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.HeapPeaks;
import io.pqx.bench.JvmReport;
import io.pqx.bench.Timed;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;

/**
 * Generates a {@link LineitemTable} in memory, deterministically from a seed, with TPC-H's value
 * distributions: orders of 1..7 lines with sparse ascending keys, 200,000 parts and 10,000
 * suppliers, quantities 1..50, prices from the part key, discounts 0..0.10, taxes 0..0.08, dates
 * from 1992 to 1998 derived from an order date, low-cardinality flags and modes, and a
 * high-cardinality 10..43-character comment of random words.
 *
 * <p>Not TPC-H's exact generator (no dbgen port): the distributions and cardinalities, which drive
 * encodings and compression, are what matters here. Values repeated across rows (flags, dates,
 * small numbers) share one instance to keep a 5,000,000-row table around 2 GiB of heap. Called once
 * per run, before any timing. Not thread-safe.
 */
public final class LineitemGenerator {

    private static final int PARTS = 200_000;
    private static final int SUPPLIERS = 10_000;
    private static final int START_DAY = (int) LocalDate.of(1992, 1, 1).toEpochDay();
    private static final int END_DAY = (int) LocalDate.of(1998, 12, 31).toEpochDay();
    private static final int CURRENT_DAY = (int) LocalDate.of(1995, 6, 17).toEpochDay();

    private static final StringData[] RETURN_FLAGS = strings("R", "A", "N");
    private static final StringData[] LINE_STATUS = strings("O", "F");
    private static final StringData[] SHIP_INSTRUCT =
            strings("DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN");
    private static final StringData[] SHIP_MODES =
            strings("REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB");
    private static final String[] WORDS =
            ("furiously slyly carefully blithely quickly fluffily slowly quietly ruthlessly thinly"
                            + " closely doggedly daringly bravely stealthily permanently enticingly idly"
                            + " busily regular final ironic even bold silent express special pending unusual"
                            + " fluffy packages requests accounts deposits foxes ideas theodolites pinto beans"
                            + " instructions dependencies excuses platelets asymptotes courts dolphins"
                            + " multipliers warthogs frets dinos attainments somas patterns forges braids"
                            + " sleep wake are cajole haggle nag use boost affix detect integrate maintain nod"
                            + " lose sublate solve thrash promise engage hinder print breach eat grow about"
                            + " above across after against along among around at before behind beneath beside"
                            + " between beyond by during for from inside into near of on")
                    .split(" ");

    private final SplittableRandom random;
    private final Integer[] days = new Integer[END_DAY - START_DAY + 200];
    private final Double[] hundredths = new Double[11];
    private final Integer[] smallInts = new Integer[64];
    private final DecimalData[] quantities = new DecimalData[51];

    /** A generator whose output depends only on {@code seed}. */
    public LineitemGenerator(long seed) {
        this.random = new SplittableRandom(seed);
        for (int i = 0; i < days.length; i++) {
            days[i] = START_DAY + i;
        }
        for (int i = 0; i < hundredths.length; i++) {
            hundredths[i] = i / 100.0;
        }
        for (int i = 0; i < smallInts.length; i++) {
            smallInts[i] = i;
        }
        for (int q = 1; q <= 50; q++) {
            quantities[q] = decimal(q * 100L);
        }
    }

    /** Generates {@code rows} rows as {@link GenericRowData}, in order-key order. */
    /**
     * The table a suite runs on, generated once in memory (not timed), with a report line of how
     * long that took and how much heap the table holds.
     *
     * @throws IllegalArgumentException naming {@code suite} when {@code rows} cannot fit a list
     */
    public static List<RowData> inMemoryTable(
            String suite, long seed, long rows, BenchmarkReport report) throws Exception {
        if (rows > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(
                    "Cannot run " + suite + ": --rows must fit an in-memory list");
        }
        Timed<List<RowData>> generated =
                Timed.run(() -> new LineitemGenerator(seed).generate((int) rows));
        System.gc(); // so the heap figure below is the table, not generation garbage
        report.info(
                "generated %d rows in %.1f s (not timed); heap in use with the table: %d MiB",
                rows, generated.seconds(), JvmReport.mib(HeapPeaks.usedNow()));
        return generated.value();
    }

    public List<RowData> generate(int rows) {
        List<RowData> table = new ArrayList<>(rows);
        for (long order = 0; table.size() < rows; order++) {
            Long orderKey = (order / 8) * 32 + (order % 8) + 1; // TPC-H's sparse keys
            int orderDay = START_DAY + random.nextInt(END_DAY - START_DAY - 151);
            int lines = 1 + random.nextInt(7);
            for (int line = 1; line <= lines && table.size() < rows; line++) {
                table.add(line(orderKey, line, orderDay));
            }
        }
        return table;
    }

    private RowData line(Long orderKey, int lineNumber, int orderDay) {
        long partKey = 1 + random.nextInt(PARTS);
        int quantity = 1 + random.nextInt(50);
        long retailCents = 90_000 + ((partKey / 10) % 20_001) + 100 * (partKey % 1_000);
        int shipDay = orderDay + 1 + random.nextInt(121);
        int commitDay = orderDay + 30 + random.nextInt(61);
        int receiptDay = shipDay + 1 + random.nextInt(30);
        StringData returnFlag =
                receiptDay <= CURRENT_DAY ? RETURN_FLAGS[random.nextInt(2)] : RETURN_FLAGS[2];
        return GenericRowData.of(
                orderKey,
                partKey,
                1 + random.nextInt(SUPPLIERS),
                smallInts[lineNumber],
                quantities[quantity],
                decimal(quantity * retailCents),
                hundredths[random.nextInt(11)],
                hundredths[random.nextInt(9)],
                returnFlag,
                shipDay > CURRENT_DAY ? LINE_STATUS[0] : LINE_STATUS[1],
                days[shipDay - START_DAY],
                days[commitDay - START_DAY],
                days[receiptDay - START_DAY],
                SHIP_INSTRUCT[random.nextInt(SHIP_INSTRUCT.length)],
                SHIP_MODES[random.nextInt(SHIP_MODES.length)],
                comment());
    }

    private StringData comment() {
        int length = 10 + random.nextInt(34);
        StringBuilder text = new StringBuilder(length + 16);
        while (text.length() < length) {
            if (text.length() > 0) {
                text.append(' ');
            }
            text.append(WORDS[random.nextInt(WORDS.length)]);
        }
        text.setLength(length);
        return StringData.fromBytes(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static DecimalData decimal(long unscaled) {
        return DecimalData.fromUnscaledLong(
                unscaled, LineitemTable.DECIMAL_PRECISION, LineitemTable.DECIMAL_SCALE);
    }

    private static StringData[] strings(String... values) {
        StringData[] out = new StringData[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = StringData.fromBytes(values[i].getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }
}
