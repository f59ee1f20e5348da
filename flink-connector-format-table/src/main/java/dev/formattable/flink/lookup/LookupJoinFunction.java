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
package dev.formattable.flink.lookup;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.functions.FlatJoinFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.Collector;

import java.util.Collection;

/** The DataStream join of {@link FormatTableLookup}: each input with the rows of its key. */
@Internal
final class LookupJoinFunction<IN, OUT> extends RichFlatMapFunction<IN, OUT> {

    private static final long serialVersionUID = 1L;

    private final FormatTableLookup lookup;
    private final KeySelector<IN, RowData> key;
    private final FlatJoinFunction<IN, RowData, OUT> join;
    private final boolean outer;

    private transient ReloadingCache cache;

    LookupJoinFunction(
            FormatTableLookup lookup,
            KeySelector<IN, RowData> key,
            FlatJoinFunction<IN, RowData, OUT> join,
            boolean outer) {
        this.lookup = lookup;
        this.key = key;
        this.join = join;
        this.outer = outer;
    }

    @Override
    public void open(OpenContext context) throws Exception {
        cache = lookup.open(getRuntimeContext().getMetricGroup(), null);
    }

    @Override
    public void flatMap(IN input, Collector<OUT> out) throws Exception {
        Collection<RowData> rows = cache.get(key.getKey(input));
        if (rows.isEmpty()) {
            if (outer) {
                join.join(input, null, out);
            }
            return;
        }
        for (RowData row : rows) {
            join.join(input, row, out);
        }
    }

    /** Never throws: it runs while a task may be failing or cancelled. */
    @Override
    public void close() {
        if (cache != null) {
            cache.close();
        }
    }
}
