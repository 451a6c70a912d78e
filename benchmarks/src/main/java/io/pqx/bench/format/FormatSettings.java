package io.pqx.bench.format;

/**
 * The file layout both writers of the {@code format} suite are given, so the files are comparable.
 *
 * <p>The row group is bounded by rows on both sides (parquet-java's byte bound is set out of
 * reach), since a byte bound is measured differently by each writer; the suite reports the
 * row-group count of each file to show they agree. Immutable.
 *
 * @param codec always ZSTD here; named for the report
 * @param zstdLevel ZSTD compression level
 * @param rowGroupRows rows per row group
 * @param pageSizeBytes target (uncompressed) data page size
 * @param dictionaryPageSizeBytes dictionary size beyond which a writer falls back to plain
 * @param pageRowLimit most rows per page (parquet-java's default)
 */
public record FormatSettings(
        String codec,
        int zstdLevel,
        int rowGroupRows,
        int pageSizeBytes,
        int dictionaryPageSizeBytes,
        int pageRowLimit) {

    /**
     * ZSTD level 3, 1,000,000-row row groups, 1 MiB pages and dictionaries, 20,000 rows per page.
     */
    public static FormatSettings standard() {
        return new FormatSettings("ZSTD", 3, 1_000_000, 1 << 20, 1 << 20, 20_000);
    }

    /** These settings with {@code rows} rows per row group. */
    public FormatSettings withRowGroupRows(int rows) {
        return new FormatSettings(
                codec, zstdLevel, rows, pageSizeBytes, dictionaryPageSizeBytes, pageRowLimit);
    }

    /** Whole-line description for the report. */
    public String describe() {
        return String.format(
                "codec=%s level=%d rowgroup=%d rows page=%d B dictionary page=%d B page rows<=%d "
                        + "dictionary=on pages=v1",
                codec,
                zstdLevel,
                rowGroupRows,
                pageSizeBytes,
                dictionaryPageSizeBytes,
                pageRowLimit);
    }
}
