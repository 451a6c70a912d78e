package io.pqx.e2e.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.e2e.interop.CorpusExpectations.Disagreement;
import io.pqx.e2e.interop.CorpusExpectations.Peer;
import io.pqx.e2e.interop.CorpusExpectations.PeerGap;
import io.pqx.e2e.interop.CorpusExpectations.Substitute;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.Nullable;

/**
 * Decides what a corpus file should render as, from the two peers and {@link CorpusExpectations}:
 * the peers' common rendering when they agree, the declared winner when they disagree, the one that
 * reads the file when the other cannot, a declared substitute file when neither can. Fails the test
 * (AssertionError) whenever a peer behaves otherwise than declared, so that the tables stay true.
 *
 * <p>Used by {@code ParquetTestingCorpusITCase}, on the test thread.
 */
final class PeerConsensus {

    /**
     * The expected rendering ({@code null} if none) and a one-line account of where it comes from.
     */
    record Expected(@Nullable List<String> lines, String source) {}

    private final Path root;
    private final DuckDbJsonRenderer duckDb;

    PeerConsensus(Path root, DuckDbJsonRenderer duckDb) {
        this.root = root;
        this.duckDb = duckDb;
    }

    Expected expected(String file) {
        Optional<String> skipped = CorpusExpectations.notRenderedByPeers(file);
        if (skipped.isPresent()) {
            return new Expected(null, "peers not run: " + skipped.get());
        }
        Path path = root.resolve(file);
        PeerOutcome duck = PeerOutcome.of(() -> duckDb.render(path));
        PeerOutcome java = PeerOutcome.of(() -> ParquetJavaJsonRenderer.render(path));
        PeerGap gap = CorpusExpectations.peerGap(file);
        Set<Peer> failing = EnumSet.noneOf(Peer.class);
        if (!duck.succeeded()) {
            failing.add(Peer.DUCKDB);
        }
        if (!java.succeeded()) {
            failing.add(Peer.PARQUET_JAVA);
        }
        assertThat(failing)
                .as(
                        "peers failing on %s (DuckDB: %s; parquet-java: %s); declared: %s",
                        file, duck.failureSummary(), java.failureSummary(), gap.failing())
                .isEqualTo(gap.failing());
        if (duck.succeeded() && java.succeeded()) {
            return agreed(file, duck.lines(), java.lines());
        } else if (duck.succeeded()) {
            return new Expected(duck.lines(), "DuckDB (parquet-java: " + gap.reason() + ")");
        } else if (java.succeeded()) {
            return new Expected(java.lines(), "parquet-java (DuckDB: " + gap.reason() + ")");
        }
        return substituted(file, gap);
    }

    private Expected agreed(String file, List<String> duck, List<String> java) {
        Optional<Disagreement> disagreement = CorpusExpectations.disagreement(file);
        if (disagreement.isEmpty()) {
            LineDiff.assertSameLines(file + ": DuckDB vs parquet-java", duck, java);
            return new Expected(duck, "DuckDB = parquet-java");
        }
        assertThat(duck)
                .as("%s is declared a disagreement but the peers agree", file)
                .isNotEqualTo(java);
        Peer right = disagreement.get().right();
        return new Expected(
                right == Peer.DUCKDB ? duck : java,
                (right == Peer.DUCKDB ? "DuckDB" : "parquet-java")
                        + " (they differ: "
                        + disagreement.get().reason()
                        + ")");
    }

    private Expected substituted(String file, PeerGap gap) {
        Optional<Substitute> substitute = CorpusExpectations.substitute(file);
        if (substitute.isEmpty()) {
            return new Expected(null, "no peer reads it: " + gap.reason());
        }
        PeerOutcome other =
                PeerOutcome.of(
                        () ->
                                ParquetJavaJsonRenderer.render(
                                        root.resolve(substitute.get().file())));
        assertThat(other.succeeded())
                .as("parquet-java renders substitute %s", substitute.get().file())
                .isTrue();
        return new Expected(
                other.lines(),
                "parquet-java on "
                        + substitute.get().file()
                        + " ("
                        + substitute.get().reason()
                        + "); no peer reads it: "
                        + gap.reason());
    }
}
