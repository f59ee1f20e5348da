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
package dev.formattable.flink.internal;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.lineage.LineageVertex;
import org.apache.flink.streaming.api.transformations.TransformationWithLineage;

/**
 * Names what a sink laid out of its own operators writes, on its last transformation, where Flink
 * (from 2.0) builds a job's lineage graph from: a sink transformation learns it only from a sink
 * that provides it, and the last one here discards or spools committables. Flink 1.20 builds no
 * lineage graph.
 */
@Internal
public final class SinkLineage {

    private SinkLineage() {}

    /** Makes {@code end} the sink of the datasets of {@code vertex} in the job's lineage. */
    public static void name(DataStreamSink<?> end, LineageVertex vertex) {
        Transformation<?> last = end.getTransformation();
        if (last instanceof TransformationWithLineage) {
            ((TransformationWithLineage<?>) last).setLineageVertex(vertex);
        }
    }
}
