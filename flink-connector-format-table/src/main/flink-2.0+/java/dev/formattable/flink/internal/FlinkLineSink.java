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

/**
 * Flink's Sink V2 as Flink 2.x declares it: writers come from {@code
 * createWriter(WriterInitContext)} alone. On Flink 1.20 this class also refuses the deprecated
 * {@code createWriter(InitContext)}, which that line still requires.
 */
@Internal
public abstract class FlinkLineSink<InputT> implements Sink<InputT> {

    private static final long serialVersionUID = 1L;
}
