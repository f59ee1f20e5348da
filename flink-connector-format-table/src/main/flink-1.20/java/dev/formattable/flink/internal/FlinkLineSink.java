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
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;

/**
 * Flink's Sink V2 as Flink 1.20 declares it: besides {@code createWriter(WriterInitContext)}, which
 * the 1.20 runtime calls, it still requires the deprecated {@code createWriter(InitContext)}. Flink
 * 2.0 removed that method.
 */
@Internal
public abstract class FlinkLineSink<InputT> implements Sink<InputT> {

    private static final long serialVersionUID = 1L;

    /** Never called by Flink 1.20's runtime, which creates writers with a writer context. */
    @Override
    @Deprecated
    public final SinkWriter<InputT> createWriter(InitContext context) {
        throw new UnsupportedOperationException(
                getClass().getSimpleName()
                        + " creates its writers from a WriterInitContext; Flink 1.20 passes one.");
    }
}
