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
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.abilities.SupportsLookupCustomShuffle;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.FunctionContext;

import javax.annotation.Nullable;

import java.util.Optional;

/**
 * The lookup join's {@code 'shuffle'='true'} hint (FLIP-462, Flink 2.0 on): a source with this
 * interface has the planner route each probe row to the subtask {@link LookupKeyHash} names, so
 * that each subtask need cache only its share of the table. On 1.20 the hint does not exist.
 */
@Internal
public interface LookupShuffle extends SupportsLookupCustomShuffle {

    @Override
    default Optional<InputDataPartitioner> getPartitioner() {
        return Optional.of(new ByKeyHash());
    }

    /** Whether the planner routes the probe rows of this lookup by {@link #getPartitioner()}. */
    static boolean routed(LookupTableSource.LookupContext context) {
        return context.preferCustomShuffle();
    }

    /** This subtask's index and the number of subtasks, or null where a function cannot tell. */
    @Nullable
    static int[] subtask(FunctionContext context) {
        TaskInfo task = context.getTaskInfo();
        return new int[] {task.getIndexOfThisSubtask(), task.getNumberOfParallelSubtasks()};
    }

    /** Routes a probe row by the hash of its lookup key. */
    final class ByKeyHash implements InputDataPartitioner {

        private static final long serialVersionUID = 1L;

        @Override
        public int partition(RowData joinKeys, int numPartitions) {
            return LookupKeyHash.subtaskOf(joinKeys, numPartitions);
        }
    }
}
