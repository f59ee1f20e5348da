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
package dev.formattable.flink.read;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

/**
 * What a reader of one split is asked for: the split, the file's own types where its columns are
 * widened (null when read at the table's), the constant columns (partition values, metadata), and
 * whether it resumes at the split's checkpointed position.
 */
record SplitRead(
        Configuration config,
        FileSourceSplit split,
        @Nullable RowType widened,
        ColumnVector[] constants,
        boolean restore) {}
