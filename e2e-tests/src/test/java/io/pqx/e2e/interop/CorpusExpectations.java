package io.pqx.e2e.interop;

import static java.util.Map.entry;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every exception to the rule "DuckDB and parquet-java read the file and agree" in the
 * parquet-testing corpus, each with its reason (the files pqx cannot read are in {@code
 * ParquetTestingCorpusITCase} itself). The corpus test checks these tables both ways: a file listed
 * here that behaves normally fails the test as surely as an unlisted file that does not, so the
 * tables stay exactly true. Reasons come from PQX-INVENTORY.md, the upstream READMEs next to the
 * files and JSON-RENDERING.md.
 */
final class CorpusExpectations {

    enum Peer {
        DUCKDB,
        PARQUET_JAVA
    }

    /** The peers that fail on a file (none, one or both), and why. */
    record PeerGap(Set<Peer> failing, String reason) {
        static final PeerGap NONE = new PeerGap(EnumSet.noneOf(Peer.class), "");
    }

    /**
     * Both peers read the file but render it differently; {@code right} is the one that is right.
     */
    record Disagreement(Peer right, String reason) {}

    /**
     * No peer reads the file; the expected rendering is that of {@code file}, which holds the same
     * data.
     */
    record Substitute(String file, String reason) {}

    /** Files the peers are not run on, with the reason. */
    private static final Map<String, String> NOT_RENDERED_BY_PEERS =
            Map.of(
                    "data/large_string_map.brotli.parquet",
                    "two 1 GiB strings: no JSON rendering fits a test; parquet-java has no BROTLI"
                            + " codec");

    private static final Map<String, PeerGap> PEER_GAPS =
            Map.ofEntries(
                    entry(
                            "data/byte_stream_split_extended.gzip.parquet",
                            new PeerGap(
                                    EnumSet.of(Peer.DUCKDB),
                                    "DuckDB 2.0 decodes BYTE_STREAM_SPLIT only for FLOAT and"
                                            + " DOUBLE")),
                    entry(
                            "data/non_hadoop_lz4_compressed.parquet",
                            new PeerGap(
                                    EnumSet.of(Peer.PARQUET_JAVA),
                                    "codec LZ4 holding raw LZ4 blocks: parquet-java expects Hadoop"
                                            + " framing (DuckDB 2.0 reads both framings)")),
                    entry(
                            "data/map_no_value.parquet",
                            new PeerGap(
                                    EnumSet.of(Peer.DUCKDB),
                                    "DuckDB rejects a MAP whose key_value group has no value"
                                            + " field")),
                    entry(
                            "data/nation.dict-malformed.parquet",
                            new PeerGap(
                                    EnumSet.of(Peer.PARQUET_JAVA),
                                    "the chunk metadata of column name declares 322 bytes, its"
                                            + " pages take 337: parquet-java fails (EOFException),"
                                            + " DuckDB ignores the declared size")));

    private static final Map<String, Disagreement> DISAGREEMENTS =
            Map.of(
                    "data/int96_from_spark.parquet",
                    new Disagreement(
                            Peer.PARQUET_JAVA,
                            "INT96 renders as Spark reads it (JSON-RENDERING.md): int64"
                                    + " microseconds, so year 290000 stays; DuckDB converts to int64"
                                    + " nanoseconds, which wrap"));

    /**
     * Files no peer reads, with a twin holding the same values. (Empty since DuckDB 2.0 reads
     * {@code non_hadoop_lz4_compressed.parquet}, which used to take the values of {@code
     * hadoop_lz4_compressed.parquet}.)
     */
    private static final Map<String, Substitute> SUBSTITUTES = Map.of();

    private CorpusExpectations() {}

    static Optional<String> notRenderedByPeers(String file) {
        return Optional.ofNullable(NOT_RENDERED_BY_PEERS.get(file));
    }

    static PeerGap peerGap(String file) {
        if (file.endsWith(".parquet.encrypted")) {
            return new PeerGap(EnumSet.allOf(Peer.class), "encrypted; the peers are given no keys");
        }
        if (file.startsWith("shredded_variant/")) {
            return new PeerGap(
                    EnumSet.of(Peer.DUCKDB),
                    "DuckDB 2.0 decodes VARIANT into its VARIANT type, where parquet-java's"
                            + " generic records show the physical struct");
        }
        return PEER_GAPS.getOrDefault(file, PeerGap.NONE);
    }

    static Optional<Disagreement> disagreement(String file) {
        return Optional.ofNullable(DISAGREEMENTS.get(file));
    }

    static Optional<Substitute> substitute(String file) {
        return Optional.ofNullable(SUBSTITUTES.get(file));
    }
}
