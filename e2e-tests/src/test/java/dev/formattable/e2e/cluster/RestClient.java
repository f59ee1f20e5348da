/*
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.formattable.e2e.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A small JSON client of Flink's REST APIs: the JobManager's (jobs, TaskManagers, checkpoints) and
 * the SQL Gateway's (v1: sessions, statements, results).
 */
final class RestClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofMinutes(4);

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;

    RestClient(int port) {
        this("127.0.0.1", port);
    }

    RestClient(String host, int port) {
        this.base = "http://" + host + ":" + port;
    }

    JsonNode get(String path) throws IOException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    JsonNode post(String path, Object body) throws IOException {
        return send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    private JsonNode send(HttpRequest.Builder request) throws IOException {
        try {
            HttpResponse<String> response =
                    http.send(
                            request.timeout(Duration.ofMinutes(2)).build(),
                            HttpResponse.BodyHandlers.ofString());
            JsonNode body = response.body().isEmpty() ? null : JSON.readTree(response.body());
            if (response.statusCode() >= 300) {
                throw new IOException(
                        "HTTP " + response.statusCode() + " from " + base + ": " + response.body());
            }
            return body;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** Polls {@code path} until its answer satisfies the condition; fails naming both. */
    JsonNode await(String path, Predicate<JsonNode> condition, String what) throws IOException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            try {
                last = get(path);
                if (condition.test(last)) {
                    return last;
                }
            } catch (ConnectException e) {
                // not up yet
            } catch (IOException e) {
                if (!(e.getCause() instanceof ConnectException)) {
                    last = JSON.getNodeFactory().textNode(e.getMessage());
                }
            }
            sleep(500);
        }
        throw new IOException("Timed out waiting for " + what + " at " + path + "; last: " + last);
    }

    // ------------------------------------------------------------------------------------------
    // SQL Gateway
    // ------------------------------------------------------------------------------------------

    /** Opens a gateway session with the given session configuration. */
    String openSession(Map<String, String> properties) throws IOException {
        return post("/v1/sessions", Map.of("properties", properties)).get("sessionHandle").asText();
    }

    /**
     * Runs one statement and returns every row of its result, each as a list of JSON values. A DML
     * statement's result is its job id (or, with {@code table.dml-sync}, it returns once the job
     * has finished).
     */
    List<List<JsonNode>> execute(String session, String statement) throws IOException {
        String operation =
                post("/v1/sessions/" + session + "/statements", Map.of("statement", statement))
                        .get("operationHandle")
                        .asText();
        String next = "/v1/sessions/" + session + "/operations/" + operation + "/result/0";
        List<List<JsonNode>> rows = new ArrayList<>();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (next != null) {
            if (System.nanoTime() > deadline) {
                throw new IOException("Timed out waiting for the result of: " + statement);
            }
            JsonNode page;
            try {
                page = get(next);
            } catch (IOException e) {
                throw new IOException("Statement failed: " + statement + "\n" + e.getMessage(), e);
            }
            String type = page.path("resultType").asText();
            if (page.has("results")) {
                for (JsonNode row : page.get("results").path("data")) {
                    List<JsonNode> fields = new ArrayList<>();
                    row.path("fields").forEach(fields::add);
                    rows.add(fields);
                }
            }
            if ("EOS".equals(type)) {
                break;
            }
            if ("NOT_READY".equals(type)) {
                sleep(300);
                continue;
            }
            next = page.hasNonNull("nextResultUri") ? page.get("nextResultUri").asText() : null;
        }
        return rows;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
