package io.pqx.e2e.interop;

import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Writes Parquet files with DuckDB's own writer ({@code COPY ... TO ... (FORMAT parquet)}) for the
 * read-direction interop test: every DuckDB type that maps to a Parquet type pqx reads, nulls,
 * empty and null lists and maps, structs nested three deep, dictionary-friendly and unique strings,
 * NaN and -0.0, timestamps before the epoch. Version V2 makes DuckDB write data pages v2 with
 * DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY and BYTE_STREAM_SPLIT encodings.
 *
 * <p>Used on the test thread with the connection of a {@link DuckDbJsonRenderer}.
 */
final class TestingDuckDbFiles {

    /**
     * One way to write the sample table: DuckDB's {@code COMPRESSION} (with {@code
     * COMPRESSION_LEVEL} for ZSTD), {@code ROW_GROUP_SIZE}, {@code PARQUET_VERSION} and, without
     * {@code dictionary}, {@code DICTIONARY_SIZE_LIMIT 1}, which keeps every column PLAIN (V1) or
     * DELTA/BYTE_STREAM_SPLIT (V2).
     */
    record Layout(String codec, int rowGroupSize, String parquetVersion, boolean dictionary) {

        Layout(String codec, int rowGroupSize, String parquetVersion) {
            this(codec, rowGroupSize, parquetVersion, true);
        }

        /** The options of DuckDB's {@code COPY ... TO ... (FORMAT parquet, ...)}. */
        String copyOptions() {
            return "COMPRESSION "
                    + codec
                    + (codec.equals("zstd") ? ", COMPRESSION_LEVEL 9" : "")
                    + ", ROW_GROUP_SIZE "
                    + rowGroupSize
                    + ", PARQUET_VERSION "
                    + parquetVersion
                    + (dictionary ? "" : ", DICTIONARY_SIZE_LIMIT 1");
        }

        @Override
        public String toString() {
            return codec
                    + ", row groups of "
                    + rowGroupSize
                    + ", "
                    + parquetVersion
                    + (dictionary ? "" : ", no dictionary");
        }
    }

    static final String SAMPLE =
            """
            SELECT
              i::INTEGER AS id,
              CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 37 % 251 - 125)::TINYINT END AS i8,
              (i * 1009 % 65536 - 32768)::SMALLINT AS i16,
              (i * 48271 % 4294967296 - 2147483648)::INTEGER AS i32,
              ((hash(i) >> 1)::BIGINT - 4611686018427387904) * 2 + (i % 2) AS i64,
              (i % 256)::UTINYINT AS u8,
              (i * 7 % 65536)::USMALLINT AS u16,
              (hash(i) % 4294967296)::UINTEGER AS u32,
              hash(i) AS u64,
              CASE WHEN i % 11 = 0 THEN NULL ELSE (i / 7.0)::FLOAT END AS f32,
              CASE WHEN i % 13 = 0 THEN 'NaN'::DOUBLE WHEN i % 17 = 0 THEN -0.0::DOUBLE
                   ELSE i / 3.0 * (CASE WHEN i % 2 = 0 THEN 1e-5 ELSE 1e9 END) END AS f64,
              (((i * 12345 % 2000000) - 1000000) / 100)::DECIMAL(9,2) AS dec9,
              (i * 98765.4321 - 5e9)::DECIMAL(18,4) AS dec18,
              (i::DECIMAL(38,10) * 1234567.1234567891 - 99999999999.5)::DECIMAL(38,10) AS dec38,
              'cat_' || (i % 5) AS dict_str,
              CASE WHEN i % 9 = 0 THEN NULL
                   WHEN i % 3 = 0 THEN 'ünï "q" \\ ' || chr(10) || chr(1) || '日本' || i
                   ELSE md5(i::VARCHAR) END AS str,
              unhex(md5(i::VARCHAR)) AS bin,
              DATE '1969-12-01' + (i % 1000)::INTEGER AS d,
              TIME '00:00:00' + INTERVAL ((i * 1234567891) % 86400000000) MICROSECOND AS t,
              TIMESTAMP '1969-12-31 23:00:00' + INTERVAL (i * 1234567891) MICROSECOND AS ts_us,
              (TIMESTAMP '2020-01-01' + INTERVAL (i * 1234567891) MICROSECOND)::TIMESTAMPTZ AS ts_tz,
              (TIMESTAMP '2020-01-01' + INTERVAL (i * 1234) MILLISECOND)::TIMESTAMP_MS AS ts_ms,
              md5(i::VARCHAR)::UUID AS id_uuid,
              i % 2 = 0 AS flag,
              CASE WHEN i % 5 = 0 THEN [] WHEN i % 5 = 1 THEN NULL ELSE [i, NULL, i * 2] END AS ints,
              list_transform(range(i % 4), lambda x: 'v' || x) AS strs,
              CASE WHEN i % 6 = 0 THEN NULL
                   ELSE {'a': i, 'b': [{'c': 'x' || i, 'd': [i, i + 1]}, NULL],
                         'e': {'f': i % 3 = 0, 'g': [[i], []]}} END AS nested,
              CASE WHEN i % 4 = 0 THEN MAP {} WHEN i % 4 = 1 THEN NULL
                   ELSE MAP {'k' || (i % 3): i, 'z': NULL} END AS m,
              MAP {i: [i, i], i + 1: NULL} AS m2
            FROM range(0, :rows) t(i)\
            """;

    /**
     * A flat and nested table whose nulls all come from one rate, {@code :permille} per thousand,
     * drawn independently (by hash) for every value at every level: top-level columns, list
     * elements, struct fields inside lists, map values and the elements of lists inside map values.
     * Lists and maps are empty in a share of rows. At 0 there is no null anywhere, at 1000 every
     * column but {@code id} is null.
     */
    static final String NULLS =
            """
            SELECT
              i::INTEGER AS id,
              CASE WHEN hash(i, 1) % 1000 < :permille THEN NULL ELSE (i * 2654435761 % 1000003 - 500000) END AS i64,
              CASE WHEN hash(i, 2) % 1000 < :permille THEN NULL ELSE (i * 7 % 128 - 64)::TINYINT END AS i8,
              CASE WHEN hash(i, 3) % 1000 < :permille THEN NULL ELSE 'k' || (i % 7) END AS dict_str,
              CASE WHEN hash(i, 4) % 1000 < :permille THEN NULL ELSE md5(i::VARCHAR) END AS str,
              CASE WHEN hash(i, 5) % 1000 < :permille THEN NULL ELSE i / 7.0 END AS f64,
              CASE WHEN hash(i, 6) % 1000 < :permille THEN NULL ELSE i % 3 = 0 END AS flag,
              CASE WHEN hash(i, 7) % 1000 < :permille THEN NULL ELSE DATE '2000-01-01' + (i % 400)::INTEGER END AS d,
              CASE WHEN hash(i, 8) % 1000 < :permille THEN NULL
                   ELSE list_transform(range(i % 4), lambda x:
                          CASE WHEN hash(i, x, 9) % 1000 < :permille THEN NULL
                               ELSE {'a': i + x,
                                     'b': CASE WHEN hash(i, x, 10) % 1000 < :permille THEN NULL ELSE 'v' || x END} END)
                   END AS list_of_struct,
              CASE WHEN hash(i, 11) % 1000 < :permille THEN NULL
                   ELSE map_from_entries(list_transform(range(i % 3), lambda x:
                          {'key': 'k' || x,
                           'value': CASE WHEN hash(i, x, 12) % 1000 < :permille THEN NULL
                                         ELSE list_transform(range(x + i % 2), lambda y:
                                                CASE WHEN hash(i, x, y, 13) % 1000 < :permille THEN NULL ELSE i * 10 + y END) END}))
                   END AS map_of_list
            FROM range(0, :rows) t(i)\
            """;

    private TestingDuckDbFiles() {}

    /** The {@link #NULLS} table of {@code rows} rows at {@code permille} nulls per thousand. */
    static String nulls(int rows, int permille) {
        return NULLS.replace(":rows", Integer.toString(rows))
                .replace(":permille", Integer.toString(permille));
    }

    /** The {@link #SAMPLE} table of {@code rows} rows. */
    static String sample(int rows) {
        return SAMPLE.replace(":rows", Integer.toString(rows));
    }

    /** Writes the rows of {@code query} to {@code file} with DuckDB's writer in {@code layout}. */
    static void write(DuckDbJsonRenderer duckDb, Path file, String query, Layout layout)
            throws SQLException {
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute(
                    "COPY ("
                            + query
                            + ") TO '"
                            + file.toString().replace("'", "''")
                            + "' (FORMAT parquet, "
                            + layout.copyOptions()
                            + ")");
        }
    }

    /** Writes {@code rows} rows of the sample table to {@code file} in {@code layout}. */
    static void write(DuckDbJsonRenderer duckDb, Path file, int rows, Layout layout)
            throws SQLException {
        write(duckDb, file, sample(rows), layout);
    }
}
