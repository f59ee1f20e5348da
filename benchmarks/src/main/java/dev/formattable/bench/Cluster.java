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
package dev.formattable.bench;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.table.api.TableResult;

import java.net.URI;

/**
 * One local Flink cluster in this JVM for every job of the run. A table environment's local
 * executor would start a cluster per job, and that start-up (seconds on two busy cores) would swamp
 * the figures of both sides alike.
 */
public final class Cluster {

    private static MiniCluster cluster;
    private static URI rest;

    private Cluster() {}

    /**
     * The Flink line this run benchmarks ("2.3", "1.20"), as scripts/benchmarks.sh passes it: the
     * line of the class path's Flink, connector artifact and Flink installation.
     */
    public static String flinkLine() {
        return System.getProperty("bench.flink.line", "2.3");
    }

    /**
     * The module flags this JVM was started with ({@code --add-opens}, {@code --add-exports}: what
     * Flink 1.20 needs on Java 17), for the child JVMs of a scenario.
     */
    public static java.util.List<String> moduleFlags() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean()
                .getInputArguments()
                .stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("--add-exports"))
                .collect(java.util.stream.Collectors.toList());
    }

    /** The version of the Flink on the class path, as Flink reports it. */
    public static String flinkVersion() {
        return org.apache.flink.runtime.util.EnvironmentInformation.getVersion();
    }

    /** Starts the cluster once; later calls return the same REST address. */
    public static synchronized URI start() throws Exception {
        if (cluster == null) {
            Configuration conf = new Configuration();
            conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
            conf.set(RestOptions.ADDRESS, "127.0.0.1");
            conf.set(RestOptions.PORT, 0);
            conf.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.ofMebiBytes(512));
            // FLINK-40660: a reader may stall 30 s on close; cap it so a stall cannot skew a run.
            conf.setString("source.reader.close.timeout", "1000");
            cluster =
                    new MiniCluster(
                            new MiniClusterConfiguration.Builder()
                                    .setConfiguration(conf)
                                    .setNumTaskManagers(1)
                                    .setNumSlotsPerTaskManager(2)
                                    .build());
            cluster.start();
            rest = cluster.getRestAddress().get();
        }
        return rest;
    }

    /** The settings that send a table environment's jobs to the cluster. */
    public static void target(Configuration conf) throws Exception {
        URI uri = start();
        conf.setString("execution.target", "remote");
        conf.setString("rest.address", uri.getHost());
        conf.setString("rest.port", String.valueOf(uri.getPort()));
    }

    /**
     * Waits for the job of {@code result} to end, straight from the cluster in this JVM. The
     * result's own {@code await()} asks the REST endpoint, backing off up to 2 s between asks (10,
     * 20, 40 ... 1280 ms, then every 2 s), so a job's measured time would land on the next ask:
     * about 2.5, 4.5, 6.5 s and so on, whatever the job's real length. Falls back to {@code
     * await()} in a JVM without the cluster.
     */
    public static void awaitJob(TableResult result) throws Exception {
        MiniCluster local;
        synchronized (Cluster.class) {
            local = cluster;
        }
        if (local == null || result.getJobClient().isEmpty()) {
            result.await();
            return;
        }
        JobResult job = local.requestJobResult(result.getJobClient().get().getJobID()).get();
        if (!job.isSuccess()) {
            throw new IllegalStateException(
                    "Job " + job.getJobId() + " failed",
                    job.getSerializedThrowable()
                            .map(t -> t.deserializeError(Cluster.class.getClassLoader()))
                            .orElse(null));
        }
        lastJobEnd = afterFirstVertex(local, job);
    }

    private static volatile long lastJobEnd = -1;

    /**
     * How long the last job awaited here ran after the last task of its first vertex (the one that
     * holds the writers, chained to the source) finished, in ms, from the JobManager's timestamps:
     * the time of the commit and of the job's end. -1 when not known.
     */
    public static long lastJobEndAfterWriters() {
        return lastJobEnd;
    }

    private static long afterFirstVertex(MiniCluster local, JobResult job) throws Exception {
        AccessExecutionGraph graph = local.getArchivedExecutionGraph(job.getJobId()).get();
        long writersEnd = 0;
        for (AccessExecutionVertex task :
                graph.getVerticesTopologically().iterator().next().getTaskVertices()) {
            writersEnd = Math.max(writersEnd, task.getStateTimestamp(ExecutionState.FINISHED));
        }
        long end = graph.getStatusTimestamp(JobStatus.FINISHED);
        return writersEnd > 0 && end > 0 ? end - writersEnd : -1;
    }

    public static synchronized void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }
}
