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
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.lineage.LineageVertex;

/**
 * Names what a sink laid out of its own operators writes, where Flink builds a job's lineage graph
 * from. Flink 1.20 declares the lineage interfaces but builds no lineage graph: nothing to name.
 */
@Internal
public final class SinkLineage {

    private SinkLineage() {}

    /** Nothing on Flink 1.20 (see above). */
    public static void name(DataStreamSink<?> end, LineageVertex vertex) {}
}
