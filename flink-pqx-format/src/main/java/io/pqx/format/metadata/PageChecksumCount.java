package io.pqx.format.metadata;

import org.apache.flink.annotation.PublicEvolving;

/**
 * How many pages of a column chunk (dictionary and data pages alike) carry a CRC-32 in their page
 * header, as {@code ParquetInspector.readPageChecksums} counts them from the page headers (not in
 * the footer). Counting checks no CRC; the reader does that when it decodes pages.
 *
 * @param pages pages in the chunk
 * @param withCrc pages whose header carries a CRC
 */
@PublicEvolving
public record PageChecksumCount(int pages, int withCrc) {

    public PageChecksumCount {
        if (pages < 0 || withCrc < 0 || withCrc > pages) {
            throw new IllegalArgumentException(
                    "Cannot count page checksums: " + withCrc + " of " + pages + " pages");
        }
    }

    /** Whether every page, and at least one, carries a CRC. */
    public boolean all() {
        return pages > 0 && withCrc == pages;
    }

    /** Whether no page carries a CRC (also when there is no page). */
    public boolean none() {
        return withCrc == 0;
    }
}
