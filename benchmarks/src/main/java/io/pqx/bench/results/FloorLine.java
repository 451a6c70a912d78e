package io.pqx.bench.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A floor line split for machines: {@code <kind> <measurement> key=value ...}, e.g. {@code floor
 * source_scan zstd_only=0.412s pqx_reader=0.530s}; words without {@code =} (an explanation in
 * brackets) stay only in the line. Immutable.
 *
 * @param kind the first word, e.g. {@code floor} (zstd alone) or {@code job_floor} (an empty job)
 * @param measurement the second word: the measurement the floor bounds
 * @param figures the {@code key=value} words, in order, values as printed (with their unit)
 * @param line the whole line
 */
public record FloorLine(String kind, String measurement, Map<String, String> figures, String line) {

    public FloorLine {
        figures = new LinkedHashMap<>(figures);
    }

    /** Splits a floor line. */
    public static FloorLine parse(String line) {
        List<String> words = List.of(line.trim().split("\\s+"));
        Map<String, String> figures = new LinkedHashMap<>();
        for (String word : words.subList(Math.min(2, words.size()), words.size())) {
            int eq = word.indexOf('=');
            if (eq > 0 && eq < word.length() - 1) {
                figures.put(word.substring(0, eq), word.substring(eq + 1));
            }
        }
        return new FloorLine(
                words.isEmpty() ? "" : words.get(0),
                words.size() < 2 ? "" : words.get(1),
                figures,
                line);
    }

    Map<String, Object> toJson() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("kind", kind);
        map.put("measurement", measurement);
        map.put("figures", new LinkedHashMap<String, Object>(figures));
        map.put("line", line);
        return map;
    }
}
