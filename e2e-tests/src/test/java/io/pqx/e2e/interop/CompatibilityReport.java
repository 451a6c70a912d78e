package io.pqx.e2e.interop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects one line per corpus file (rows, status, where the expected values come from) and writes
 * them as a markdown table, from which the README's compatibility section is made. Filled by the
 * corpus test on its thread; written once after all files ran.
 */
final class CompatibilityReport {

    private record Line(String rows, String status, String note) {}

    private final Map<String, Line> lines = new TreeMap<>();

    synchronized void add(String file, String rows, String status, String note) {
        lines.put(file, new Line(rows, status, note));
    }

    synchronized void write(Path target, String title, String preamble) throws IOException {
        StringBuilder sb = new StringBuilder("# ").append(title).append("\n\n").append(preamble);
        Map<String, Long> statuses = new TreeMap<>();
        lines.values().forEach(line -> statuses.merge(line.status(), 1L, Long::sum));
        sb.append("\n\n").append(lines.size()).append(" files:");
        statuses.forEach(
                (status, count) ->
                        sb.append(" ").append(count).append(" ").append(status).append(";"));
        sb.setLength(sb.length() - 1);
        sb.append(".\n\n| file | rows | status | expected values / reason |\n|---|---:|---|---|\n");
        lines.forEach(
                (file, line) ->
                        sb.append("| ")
                                .append(file)
                                .append(" | ")
                                .append(line.rows())
                                .append(" | ")
                                .append(line.status())
                                .append(" | ")
                                .append(line.note().replace("|", "\\|"))
                                .append(" |\n"));
        Files.createDirectories(target.getParent());
        Files.writeString(target, sb.toString());
    }
}
