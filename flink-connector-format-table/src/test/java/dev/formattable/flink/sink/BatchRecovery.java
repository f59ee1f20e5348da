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
package dev.formattable.flink.sink;

import dev.formattable.core.FormatTable;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** What a batch write of {@link SinkTables#sequence} must end with after a failure. */
final class BatchRecovery {

    private BatchRecovery() {}

    /**
     * Waits for the job and checks that it finished after restarting, with every row in the table
     * once and nothing left staged: no data file, spool or commit record.
     */
    static AccessExecutionGraph finishedAfterARestart(
            MiniCluster cluster, JobClient job, FormatTable table, int rows, int partitions)
            throws Exception {
        return finishedAfterARestart(cluster, job, table, rows, partitions, List.of());
    }

    /**
     * As above, where the commit leaves its record ({@code recordLeft}, relative to the table): a
     * committer task cannot tell when the job can no longer be rerun, so its record stays for
     * remove_orphan_files.
     */
    static AccessExecutionGraph finishedAfterARestart(
            MiniCluster cluster,
            JobClient job,
            FormatTable table,
            int rows,
            int partitions,
            List<String> recordLeft)
            throws Exception {
        job.getJobExecutionResult().get(3, TimeUnit.MINUTES);
        AccessExecutionGraph graph = cluster.getArchivedExecutionGraph(job.getJobID()).get();
        assertThat(graph.getState()).isEqualTo(JobStatus.FINISHED);
        assertThat(graph.getStatusTimestamp(JobStatus.RESTARTING))
                .as("the job restarted")
                .isPositive();
        assertThat(SinkTables.rows(table))
                .as("every row exactly once")
                .isEqualTo(SinkTables.sequenceRows(rows, partitions));
        assertThat(SinkTables.stagedFiles(Path.of(table.location().path())))
                .as("staged files, spools and commit records left")
                .isEqualTo(recordLeft);
        return graph;
    }
}
