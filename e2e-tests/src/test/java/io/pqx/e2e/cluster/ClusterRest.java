package io.pqx.e2e.cluster;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.api.common.JobID;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The JobManager's REST API, read the way an operator reads it ({@code java.net.http}, JSON through
 * Flink's shaded Jackson): registered TaskManagers, a job's state, checkpoint counts, failures, and
 * where its subtasks run. Read-only; every call is one GET that fails on a non-200 answer. Used by
 * the test thread.
 */
final class ClusterRest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    ClusterRest(int port) {
        this.base = URI.create("http://127.0.0.1:" + port + "/");
    }

    /** A job's checkpoint counts: completed, failed, and restores from a checkpoint. */
    record Checkpoints(long completed, long failed, long restored) {}

    /** Whether the REST endpoint answers at all. */
    boolean isUp() {
        try {
            get("overview");
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The resource ids of the TaskManagers registered with the ResourceManager. */
    Set<String> taskManagerIds() throws IOException {
        Set<String> ids = new TreeSet<>();
        for (JsonNode tm : get("taskmanagers").path("taskmanagers")) {
            ids.add(tm.path("id").asText());
        }
        return ids;
    }

    /** The ids of the jobs the cluster knows (running or finished) that are named {@code name}. */
    List<JobID> jobsNamed(String name) throws IOException {
        List<JobID> ids = new ArrayList<>();
        for (JsonNode job : get("jobs/overview").path("jobs")) {
            if (name.equals(job.path("name").asText())) {
                ids.add(JobID.fromHexString(job.path("jid").asText()));
            }
        }
        return ids;
    }

    /** The job's state as the JobManager reports it ({@code RUNNING}, {@code FINISHED}, ...). */
    String jobState(JobID job) throws IOException {
        return get("jobs/" + job).path("state").asText();
    }

    /** When the job last switched to RUNNING, in epoch milliseconds (the JobManager's clock). */
    long runningSince(JobID job) throws IOException {
        return get("jobs/" + job).path("timestamps").path("RUNNING").asLong();
    }

    Checkpoints checkpoints(JobID job) throws IOException {
        JsonNode counts = get("jobs/" + job + "/checkpoints").path("counts");
        return new Checkpoints(
                counts.path("completed").asLong(),
                counts.path("failed").asLong(),
                counts.path("restored").asLong());
    }

    /**
     * The job's exception history, one line per failover: the exception, the task that failed first
     * and its TaskManager.
     */
    List<String> failures(JobID job) throws IOException {
        List<String> lines = new ArrayList<>();
        JsonNode history = get("jobs/" + job + "/exceptions").path("exceptionHistory");
        for (JsonNode entry : history.path("entries")) {
            lines.add(
                    entry.path("exceptionName").asText()
                            + " in "
                            + entry.path("taskName").asText()
                            + " on "
                            + entry.path("taskManagerId").asText());
        }
        return lines;
    }

    /** The resource ids of the TaskManagers the job's current subtask attempts run (or ran) on. */
    Set<String> taskManagersOf(JobID job) throws IOException {
        Set<String> ids = new TreeSet<>();
        for (JsonNode vertex : get("jobs/" + job).path("vertices")) {
            String vertexId = vertex.path("id").asText();
            JsonNode tms = get("jobs/" + job + "/vertices/" + vertexId + "/taskmanagers");
            for (JsonNode tm : tms.path("taskmanagers")) {
                ids.add(tm.path("taskmanager-id").asText());
            }
        }
        return ids;
    }

    private JsonNode get(String path) throws IOException {
        HttpRequest request =
                HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted reading " + request.uri(), e);
        }
        if (response.statusCode() != 200) {
            throw new IOException(
                    "Cannot read "
                            + request.uri()
                            + ": HTTP "
                            + response.statusCode()
                            + " "
                            + response.body());
        }
        return JSON.readTree(response.body());
    }
}
