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

import org.apache.flink.api.common.io.OutputFormat;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.OutputFormatSinkFunction;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.streaming.api.operators.StreamSink;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;

/**
 * Flink's legacy source and sink functions, for tests of how the sink sits behind them. Flink 1.20
 * keeps them in the source and sink function packages; 2.0 moved them to sub-packages named legacy.
 */
public final class LegacyFunctions {

    private LegacyFunctions() {}

    /** A stream from a legacy source that emits one row of two fields, {@code (1L, 1)}. */
    public static DataStream<RowData> oneRowSource(
            StreamExecutionEnvironment env, String name, TypeInformation<RowData> type) {
        return env.addSource(new OneRow(), name, type);
    }

    /** The operator of a legacy sink that writes to {@code format}. */
    public static <T> StreamSink<T> outputFormatSink(OutputFormat<T> format) {
        return new StreamSink<>(new OutputFormatSinkFunction<>(format));
    }

    private static final class OneRow implements SourceFunction<RowData> {
        @Override
        public void run(SourceContext<RowData> ctx) {
            ctx.collect(GenericRowData.of(1L, 1));
        }

        @Override
        public void cancel() {}
    }
}
