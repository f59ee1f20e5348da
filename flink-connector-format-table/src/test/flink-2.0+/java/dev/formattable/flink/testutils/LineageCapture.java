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
package dev.formattable.flink.testutils;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.core.execution.JobStatusChangedListener;
import org.apache.flink.core.execution.JobStatusChangedListenerFactory;
import org.apache.flink.streaming.api.lineage.LineageDataset;
import org.apache.flink.streaming.api.lineage.LineageEdge;
import org.apache.flink.streaming.api.lineage.LineageGraph;
import org.apache.flink.streaming.api.lineage.LineageVertex;
import org.apache.flink.streaming.runtime.execution.JobCreatedEvent;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The lineage graph of each job a cluster ran, as a lineage listener (OpenLineage's, for one) is
 * told it: Flink (from 2.0) hands it to the job status listeners of the cluster's configuration
 * when the job is created.
 */
public final class LineageCapture {

    /** Whether the line builds lineage graphs and tells listeners of them. */
    public static final boolean AVAILABLE = true;

    private static final Map<JobID, LineageGraph> GRAPHS = new ConcurrentHashMap<>();

    private LineageCapture() {}

    /** Has a cluster started with {@code conf} tell this capture of the jobs it creates. */
    public static void listen(Configuration conf) {
        conf.set(DeploymentOptions.JOB_STATUS_CHANGED_LISTENERS, List.of(Factory.class.getName()));
    }

    /**
     * Forgets every graph so far: the capture lives as long as the JVM, and a graph of a SQL job
     * holds on to its catalogs.
     */
    public static void forget() {
        GRAPHS.clear();
    }

    /** The datasets the job's sources read, each as "namespace name". */
    public static List<String> sources(JobID job) {
        return graph(job).sources().stream()
                .flatMap(v -> v.datasets().stream())
                .map(LineageCapture::text)
                .collect(Collectors.toList());
    }

    /** The datasets the job's sinks write, each as "namespace name". */
    public static List<String> sinks(JobID job) {
        return graph(job).sinks().stream()
                .flatMap(v -> v.datasets().stream())
                .map(LineageCapture::text)
                .collect(Collectors.toList());
    }

    /** The edges of the job's lineage, each as "source dataset -> sink dataset". */
    public static List<String> relations(JobID job) {
        return graph(job).relations().stream()
                .map(LineageCapture::edge)
                .collect(Collectors.toList());
    }

    /** The datasets of the job's sinks themselves, with their facets. */
    public static List<LineageDataset> sinkDatasets(JobID job) {
        return graph(job).sinks().stream()
                .flatMap(v -> v.datasets().stream())
                .collect(Collectors.toList());
    }

    private static String edge(LineageEdge e) {
        return names(e.source()) + " -> " + names(e.sink());
    }

    private static String names(LineageVertex vertex) {
        return vertex.datasets().stream()
                .map(LineageCapture::text)
                .collect(Collectors.joining(","));
    }

    private static String text(LineageDataset d) {
        return d.namespace() + " " + d.name();
    }

    private static LineageGraph graph(JobID job) {
        LineageGraph graph = GRAPHS.get(job);
        if (graph == null) {
            throw new AssertionError("No lineage graph was reported for job " + job);
        }
        return graph;
    }

    /** Flink makes the listener through this, by the class name in the configuration. */
    public static final class Factory implements JobStatusChangedListenerFactory {
        @Override
        public JobStatusChangedListener createListener(Context context) {
            return event -> {
                if (event instanceof JobCreatedEvent) {
                    LineageGraph graph = ((JobCreatedEvent) event).lineageGraph();
                    if (graph != null) {
                        GRAPHS.put(event.jobId(), graph);
                    }
                }
            };
        }
    }
}
