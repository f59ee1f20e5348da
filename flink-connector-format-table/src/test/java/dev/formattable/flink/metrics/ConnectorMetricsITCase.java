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
package dev.formattable.flink.metrics;

import dev.formattable.flink.read.ReadCounters;
import dev.formattable.flink.sink.committer.CommitterMetrics;
import dev.formattable.flink.sink.writer.FormatTableSinkWriter;
import dev.formattable.flink.source.enumerator.PlanningMetrics;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The metrics an operator alerts on, read through a metric reporter as Flink's reporters see them:
 * those of the writers and the committer of a streaming write with checkpoints, and those of the
 * readers and the enumerator of a scan, checked against the files on disk.
 */
class ConnectorMetricsITCase extends FlinkTestBase {

    private static final int ROWS = 1_000;

    @TempDir Path dir;

    private List<Path> dataFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().startsWith("data-"))
                    .filter(f -> !f.toString().contains("/_temporary/"))
                    .collect(Collectors.toList());
        }
    }

    private long bytes(List<Path> files) throws IOException {
        long sum = 0;
        for (Path f : files) {
            sum += Files.size(f);
        }
        return sum;
    }

    @Test
    void aStreamingWriteAndABatchReadReportWhatTheyDidInTheirMetricGroups() throws Exception {
        TableEnvironment streaming = streamingEnv();
        streaming.getConfig().set("execution.checkpointing.interval", "100 ms");
        exec(
                streaming,
                "CREATE TABLE src (k BIGINT) WITH ('connector'='datagen',"
                        + " 'rows-per-second'='2000', 'fields.k.kind'='sequence',"
                        + " 'fields.k.start'='0', 'fields.k.end'='"
                        + (ROWS - 1)
                        + "')");
        exec(
                streaming,
                "CREATE TABLE t (k BIGINT, p STRING) PARTITIONED BY (p)"
                        + withFormatTable(dir, "parquet"));

        QueryRun write = run(streaming, "INSERT INTO t SELECT k, CAST(k % 3 AS STRING) FROM src");

        List<Path> files = dataFiles();
        assertThat(files).hasSizeGreaterThanOrEqualTo(3);
        long bytes = bytes(files);
        // The committer: every file, row and byte published once, nothing failed.
        assertThat(write.counter(CommitterMetrics.FILES)).isEqualTo(files.size());
        assertThat(write.counter(CommitterMetrics.RECORDS)).isEqualTo(ROWS);
        assertThat(write.counter(CommitterMetrics.BYTES)).isEqualTo(bytes);
        assertThat(write.counter(CommitterMetrics.PARTITIONS)).isGreaterThanOrEqualTo(3);
        assertThat(write.counter(CommitterMetrics.FAILURES)).isZero();
        assertThat(write.counter(CommitterMetrics.RETRIES)).isZero();
        assertThat(write.counter(CommitterMetrics.VANISHED_FILES)).isZero();
        assertThat(write.gauges(CommitterMetrics.ELAPSED_SINCE_SUCCESS))
                .singleElement()
                .satisfies(v -> assertThat((Long) v).isNotNegative());
        assertThat(write.gauges(CommitterMetrics.LAST_COMMIT_DURATION))
                .singleElement()
                .satisfies(v -> assertThat((Long) v).isNotNegative());
        // The writers (two subtasks): what they finished is what was published.
        assertThat(write.counter(FormatTableSinkWriter.FILES_ROLLED)).isEqualTo(files.size());
        assertThat(write.counter(FormatTableSinkWriter.BYTES_WRITTEN)).isEqualTo(bytes);
        assertThat(write.gauges(FormatTableSinkWriter.OPEN_FILES)).containsOnly(0).hasSize(2);

        TableEnvironment batch = batchEnv();
        exec(
                batch,
                "CREATE TABLE t (k BIGINT, p STRING) PARTITIONED BY (p)"
                        + withFormatTable(dir, "parquet"));
        QueryRun read = run(batch, "SELECT SUM(k) FROM t");

        assertThat(read.rows).containsExactly("+I[" + (ROWS * (ROWS - 1L) / 2) + "]");
        assertThat(read.counter(ReadCounters.ROWS_READ)).isEqualTo(ROWS);
        assertThat(read.counter(ReadCounters.FILES_READ)).isEqualTo(files.size());
        assertThat(read.counter(ReadCounters.SPLITS_READ)).isEqualTo(files.size());
        assertThat(read.counter(ReadCounters.LOST_FILES_SKIPPED)).isZero();
        assertThat(read.counter(ReadCounters.CORRUPT_FILES_SKIPPED)).isZero();
        assertThat(read.counter(PlanningMetrics.FILES)).isEqualTo(files.size());
        assertThat(read.counter(PlanningMetrics.SPLITS)).isEqualTo(files.size());
        assertThat(read.gauges(PlanningMetrics.LAST_PLANNING_DURATION))
                .singleElement()
                .satisfies(v -> assertThat((Long) v).isNotNegative());
    }

    /** A file cut into byte ranges is one file read, in several splits. */
    @Test
    void aFileReadInRangesCountsOnceAmongTheFilesRead() throws Exception {
        TableEnvironment batch = batchEnv();
        exec(
                batch,
                "CREATE TABLE t (line STRING)"
                        + withFormatTable(dir, "csv", ", 'scan.split.target-size'='1 kb'"));
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            values.append(i == 0 ? "" : ", ").append("('line number ").append(i).append("')");
        }
        exec(batch, "INSERT INTO t VALUES " + values);
        List<Path> files = dataFiles();
        assertThat(files).hasSize(1);

        QueryRun read = run(batch, "SELECT COUNT(line) FROM t");

        assertThat(read.rows).containsExactly("+I[1000]");
        assertThat(read.counter(ReadCounters.FILES_READ)).isEqualTo(1);
        assertThat(read.counter(ReadCounters.SPLITS_READ))
                .isEqualTo(read.counter(PlanningMetrics.SPLITS))
                .isGreaterThan(1);
    }
}
