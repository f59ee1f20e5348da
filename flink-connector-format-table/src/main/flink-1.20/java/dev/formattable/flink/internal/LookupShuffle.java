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
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.functions.FunctionContext;

import javax.annotation.Nullable;

/**
 * The lookup join's {@code 'shuffle'='true'} hint came with Flink 2.0 (FLIP-462). On 1.20 probe
 * rows are never routed by key, so every joining subtask caches the whole table.
 */
@Internal
public interface LookupShuffle {

    /** Never: 1.20 has no custom lookup shuffle. */
    static boolean routed(LookupTableSource.LookupContext context) {
        return false;
    }

    /** Not needed on 1.20, where no rows are routed by key. */
    @Nullable
    static int[] subtask(FunctionContext context) {
        return null;
    }
}
