package io.pqx.bench.results;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of one suite as its results file holds it: which suite, when, on which commit and
 * machine, with which arguments and settings, and what it measured (every {@link Comparison}, the
 * other {@code RESULT} lines as printed, the floor lines, the failures). Immutable.
 *
 * @param suite the suite's name
 * @param startedAt when the suite started (UTC)
 * @param finishedAt when it ended
 * @param git the measured commit
 * @param machine the machine's facts at the start
 * @param arguments the command line after {@code benchmarks/run}, the suite's name first
 * @param settings what the suite resolved itself, e.g. {@code rows}
 * @param results the comparisons, in the order printed
 * @param textResults the {@code RESULT} lines that are no comparison, without {@code RESULT }
 * @param floors the floor lines ({@link BenchmarkReport#floor}), without {@code INFO }
 * @param failures the failed checks; a run with failures measured nothing trustworthy
 */
public record RunRecord(
        String suite,
        Instant startedAt,
        Instant finishedAt,
        GitState git,
        MachineFacts machine,
        List<String> arguments,
        Map<String, String> settings,
        List<Comparison> results,
        List<String> textResults,
        List<String> floors,
        List<String> failures) {

    /** The results file format's version, written into every file. */
    public static final int FORMAT_VERSION = 1;

    public RunRecord {
        arguments = List.copyOf(arguments);
        settings = new LinkedHashMap<>(settings);
        results = List.copyOf(results);
        textResults = List.copyOf(textResults);
        floors = List.copyOf(floors);
        failures = List.copyOf(failures);
    }

    /** What a finished run reported. */
    public static RunRecord of(
            String suite,
            Instant startedAt,
            Instant finishedAt,
            GitState git,
            MachineFacts machine,
            List<String> arguments,
            BenchmarkReport report) {
        return new RunRecord(
                suite,
                startedAt,
                finishedAt,
                git,
                machine,
                arguments,
                report.settings(),
                report.comparisons(),
                report.textResults(),
                report.floors(),
                report.failures());
    }

    /** The table size the suite ran with, when it reported one. */
    public String rowsOrUnknown() {
        return settings.getOrDefault("rows", "?");
    }

    /** The record as a JSON object, field order fixed. */
    public Map<String, Object> toJson() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("format_version", FORMAT_VERSION);
        map.put("suite", suite);
        map.put("started_at", startedAt.toString());
        map.put("finished_at", finishedAt.toString());
        map.put("git_commit", git.commit());
        map.put("git_dirty", git.dirty());
        map.put("machine", machine.toJson());
        map.put("arguments", arguments);
        map.put("settings", new LinkedHashMap<>(settings));
        List<Object> rows = new ArrayList<>();
        for (Comparison c : results) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", c.name());
            row.put("pqx", c.pqxRowsPerSecond());
            row.put("peer", c.peer());
            row.put("peer_value", c.peerRowsPerSecond());
            row.put("ratio", c.ratio());
            row.put("unit", c.unit());
            rows.add(row);
        }
        map.put("results", rows);
        map.put("other_results", textResults);
        List<Object> floorRows = new ArrayList<>();
        for (String floor : floors) {
            floorRows.add(FloorLine.parse(floor).toJson());
        }
        map.put("floors", floorRows);
        map.put("failures", failures);
        return map;
    }

    /** Reads a record back from {@link #toJson()}'s object. */
    public static RunRecord fromJson(Map<String, Object> map) {
        List<Comparison> results = new ArrayList<>();
        for (Object o : JsonFields.list(map, "results")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> row = (Map<String, Object>) o;
            results.add(
                    new Comparison(
                            JsonFields.text(row, "name"),
                            JsonFields.text(row, "peer"),
                            JsonFields.number(row, "pqx").doubleValue(),
                            JsonFields.number(row, "peer_value").doubleValue(),
                            JsonFields.text(row, "unit")));
        }
        List<String> floors = new ArrayList<>();
        for (Object o : JsonFields.list(map, "floors")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> row = (Map<String, Object>) o;
            floors.add(JsonFields.text(row, "line"));
        }
        Map<String, String> settings = new LinkedHashMap<>();
        JsonFields.object(map, "settings").forEach((k, v) -> settings.put(k, String.valueOf(v)));
        Object dirty = map.get("git_dirty");
        return new RunRecord(
                JsonFields.text(map, "suite"),
                Instant.parse(JsonFields.text(map, "started_at")),
                Instant.parse(JsonFields.text(map, "finished_at")),
                new GitState(JsonFields.text(map, "git_commit"), Boolean.TRUE.equals(dirty)),
                MachineFacts.fromJson(JsonFields.object(map, "machine")),
                JsonFields.texts(map, "arguments"),
                settings,
                results,
                JsonFields.texts(map, "other_results"),
                floors,
                JsonFields.texts(map, "failures"));
    }
}
