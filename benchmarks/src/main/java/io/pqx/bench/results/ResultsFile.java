package io.pqx.bench.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The results files under {@code benchmarks/results/}: one JSON file per run, named {@code
 * <suite>-<UTC start, yyyyMMdd'T'HHmmss'Z'>.json}, holding a {@link RunRecord}.
 *
 * <p>{@link #write} never overwrites: a second run of the same suite within the same second gets a
 * {@code -2}, {@code -3}... suffix. {@link #newestPerSuite} is what the charts are drawn from.
 */
public final class ResultsFile {

    /** Where results files go, relative to the repository's root. */
    public static final Path DEFAULT_DIR = Path.of("benchmarks", "results");

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private ResultsFile() {}

    /** Writes the record into {@code dir} (created if missing); returns the new file. */
    public static Path write(Path dir, RunRecord record) throws IOException {
        Files.createDirectories(dir);
        String base = record.suite() + "-" + STAMP.format(record.startedAt());
        Path file = dir.resolve(base + ".json");
        for (int n = 2; Files.exists(file); n++) {
            file = dir.resolve(base + "-" + n + ".json");
        }
        Files.writeString(file, Json.write(record.toJson()), StandardCharsets.UTF_8);
        return file;
    }

    /**
     * Reads one results file.
     *
     * @throws IllegalArgumentException naming the file when it is no results file
     */
    @SuppressWarnings("unchecked")
    public static RunRecord read(Path file) throws IOException {
        try {
            Object parsed = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
            if (!(parsed instanceof Map<?, ?>)) {
                throw new IllegalArgumentException("Cannot read results file: no JSON object");
            }
            return RunRecord.fromJson((Map<String, Object>) parsed);
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "Cannot read results file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Every {@code *.json} file in {@code dir}, read, in file-name order; none if no folder. */
    public static List<RunRecord> readAll(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files =
                    list.filter(p -> p.getFileName().toString().endsWith(".json"))
                            .sorted()
                            .toList();
        }
        List<RunRecord> records = new ArrayList<>();
        for (Path file : files) {
            records.add(read(file));
        }
        return records;
    }

    /**
     * Per suite, the newest run (by start time) that has comparisons and no failures, suites in
     * name order: what a chart shows. Runs with failures measured nothing trustworthy, and runs
     * without comparisons ({@code --peer-only}, suite {@code fuzz}) have nothing to chart.
     */
    public static Map<String, RunRecord> newestPerSuite(List<RunRecord> records) {
        Map<String, RunRecord> newest = new LinkedHashMap<>();
        records.stream()
                .filter(r -> r.failures().isEmpty() && !r.results().isEmpty())
                .sorted(Comparator.comparing(RunRecord::suite).thenComparing(RunRecord::startedAt))
                .forEach(r -> newest.put(r.suite(), r));
        return newest;
    }

    /**
     * The repository's root above {@code start}: the nearest folder holding {@code
     * benchmarks/pom.xml}, or {@code start} itself when there is none.
     */
    public static Path repositoryRoot(Path start) {
        Path dir = start.toAbsolutePath().normalize();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("benchmarks").resolve("pom.xml"))) {
                return p;
            }
        }
        return dir;
    }
}
