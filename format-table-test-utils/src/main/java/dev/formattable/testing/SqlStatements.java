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
package dev.formattable.testing;

import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs SQL statements for tests and reads their rows. Each failure names the statement that failed.
 * Shared by the connector's, the SQL jar's and the end-to-end tests.
 */
public final class SqlStatements {

    /** How long a statement may run before its test fails. */
    public static final long TIMEOUT_MINUTES = 5;

    private SqlStatements() {}

    /** Runs a statement to completion. */
    public static void exec(TableEnvironment env, String sql) {
        try {
            env.executeSql(sql).await(TIMEOUT_MINUTES, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted: " + sql, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Failed: " + sql, e);
        }
    }

    /** Every row of a query as its string form, sorted. */
    public static List<String> query(TableEnvironment env, String sql) {
        return sorted(collect(env.executeSql(sql), sql));
    }

    /** Every row of a finished statement's result, as Flink returns them, in no set order. */
    public static List<Row> collect(TableResult result, String sql) {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(rows::add);
        } catch (Exception e) {
            // CloseableIterator.close() declares Exception.
            IllegalStateException failure = new IllegalStateException("Failed: " + sql, e);
            jobFailure(result).ifPresent(failure::addSuppressed);
            throw failure;
        }
        return rows;
    }

    /**
     * Why the statement's job failed, as the job reports it. The result iterator may fail without
     * that cause: on a slow machine it gives up waiting for the job's result, and a job that ended
     * without the collected rows is reported only as "terminated abnormally".
     */
    private static Optional<Throwable> jobFailure(TableResult result) {
        Optional<JobClient> client = result.getJobClient();
        if (!client.isPresent()) {
            return Optional.empty();
        }
        try {
            client.get().getJobExecutionResult().get(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            return Optional.empty();
        } catch (ExecutionException e) {
            return Optional.of(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (TimeoutException | RuntimeException e) {
            return Optional.of(e);
        }
    }

    /** The rows' string forms, sorted. */
    public static List<String> sorted(List<Row> rows) {
        List<String> text = new ArrayList<>(rows.size());
        rows.forEach(r -> text.add(r.toString()));
        text.sort(null);
        return text;
    }
}
