package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import org.apache.parquet.column.Encoding;

/**
 * Checks a data page's repetition and definition level sections against the column's maximum
 * levels, and counts the non-null values (those at the maximum definition level): v1 sections
 * (length-prefixed RLE, or deprecated BIT_PACKED) and v2 sections (RLE of a length the header
 * gives). A level section that ends before the page's value count, or holds a level above the
 * maximum, is refused. Allocates nothing; used on one thread.
 */
final class LevelCheck {
    private final FileContext ctx;
    private final HybridRunCheck runs;

    /** The values at the maximum level of the last counted v1 section. */
    private long counted;

    LevelCheck(FileContext ctx, HybridRunCheck runs) {
        this.ctx = ctx;
        this.runs = runs;
    }

    /**
     * The v1 level section of {@code name} ("repetition", "definition") at {@code at} of a body
     * ending at {@code limit}. When {@code count}, {@link #counted()} is then the values at {@code
     * maxLevel} ({@code values} when the column has no such level, as a required column).
     *
     * @return where the section ends
     */
    int v1(
            byte[] b,
            int limit,
            int at,
            int values,
            int maxLevel,
            Encoding encoding,
            String name,
            String what,
            boolean count)
            throws CorruptFileException {
        String section = name + " levels";
        if (encoding != Encoding.RLE && encoding != Encoding.BIT_PACKED) {
            // parquet-column decodes even levels of width 0 by their encoding
            throw ctx.corrupt(
                    what, section + " in encoding " + encoding + " (only RLE or BIT_PACKED)");
        }
        if (count) {
            counted = values;
        }
        if (maxLevel == 0) {
            return at;
        }
        int width = HybridRunCheck.bitWidth(maxLevel);
        int countLevel = count ? maxLevel : -1;
        if (encoding == Encoding.BIT_PACKED) {
            long bytes = ((long) values * width + 7) / 8;
            int end = (int) Math.min(limit, at + bytes);
            long found =
                    runs.bitPacked(b, at, end, width, values, maxLevel, section, what, countLevel);
            if (count) {
                counted = found;
            }
            return end;
        }
        int end =
                runs.lengthPrefixed(
                        b, at, limit, width, values, maxLevel, section, what, countLevel);
        if (count) {
            counted = runs.lastCount();
        }
        return end;
    }

    /** What the last v1 section asked to count counted. */
    long counted() {
        return counted;
    }

    /**
     * A v2 level section {@code [at, end)} of {@code section} ("repetition levels", "definition
     * levels") for a column of {@code maxLevel} &gt; 0.
     *
     * @return the values at {@code maxLevel}
     */
    long v2(byte[] b, int at, int end, int values, int maxLevel, String section, String what)
            throws CorruptFileException {
        return runs.hybrid(
                b,
                at,
                end,
                HybridRunCheck.bitWidth(maxLevel),
                values,
                maxLevel,
                section,
                what,
                maxLevel);
    }
}
