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
import org.apache.flink.streaming.api.lineage.LineageDataset;

import java.util.List;

/**
 * The lineage graph of each job a cluster ran. Flink 1.20 declares the lineage interfaces, which
 * the connector's source and sink implement, but builds no lineage graph and has no listener to
 * tell: tests of the graph do not run on this line.
 */
public final class LineageCapture {

    /** Whether the line builds lineage graphs and tells listeners of them. */
    public static final boolean AVAILABLE = false;

    private LineageCapture() {}

    /** Nothing to listen to on Flink 1.20. */
    public static void listen(Configuration conf) {}

    /** Nothing to forget on Flink 1.20. */
    public static void forget() {}

    public static List<String> sources(JobID job) {
        throw new UnsupportedOperationException("Flink 1.20 builds no lineage graph");
    }

    public static List<String> sinks(JobID job) {
        throw new UnsupportedOperationException("Flink 1.20 builds no lineage graph");
    }

    public static List<String> relations(JobID job) {
        throw new UnsupportedOperationException("Flink 1.20 builds no lineage graph");
    }

    public static List<LineageDataset> sinkDatasets(JobID job) {
        throw new UnsupportedOperationException("Flink 1.20 builds no lineage graph");
    }
}
