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

import dev.formattable.flink.internal.LookupShuffle;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.LookupFunction;

import java.util.Collection;

/**
 * The lookup function of a SQL join on a format table: the table whole in each joining subtask's
 * cache, loaded when the function opens and reloaded on the table's schedule beside the joining
 * thread. A failed reload keeps the rows loaded before.
 *
 * <p>When the planner routes probe rows by key (the {@code 'shuffle'='true'} hint, Flink 2.0 on),
 * each subtask keeps only the rows of the keys routed to it.
 */
@Internal
public final class FullCacheLookupFunction extends LookupFunction {

    private static final long serialVersionUID = 1L;

    private final FormatTableLookup lookup;
    private final boolean routed;

    private transient ReloadingCache cache;

    /**
     * @param routed whether the planner routes each probe row to the subtask of its key, so that a
     *     subtask may keep only the rows of its own keys
     */
    public FullCacheLookupFunction(FormatTableLookup lookup, boolean routed) {
        this.lookup = lookup;
        this.routed = routed;
    }

    @Override
    public void open(FunctionContext context) throws Exception {
        cache =
                lookup.open(
                        context.getMetricGroup(), routed ? LookupShuffle.subtask(context) : null);
    }

    @Override
    public Collection<RowData> lookup(RowData keyRow) {
        return cache.get(keyRow);
    }

    /** Never throws: it runs while a task may be failing or cancelled. */
    @Override
    public void close() {
        if (cache != null) {
            cache.close();
        }
    }
}
