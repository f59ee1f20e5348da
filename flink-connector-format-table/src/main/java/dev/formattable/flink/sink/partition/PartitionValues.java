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
package dev.formattable.flink.sink.partition;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.partition.PartitionValueCodec;
import dev.formattable.core.table.CommitMessage;

import java.util.ArrayList;
import java.util.List;

/**
 * A published partition named by its directory relative to the table ("" for an unpartitioned
 * table), and its values as text a user reads: DATEs as {@code yyyy-MM-dd} and TIMESTAMPs as {@code
 * yyyy-MM-dd HH:mm:ss} in both spellings of {@code partition.legacy-name}, NULL as the default
 * partition name.
 */
final class PartitionValues {

    private PartitionValues() {}

    /** The relative directory of the partition a message's file is published to. */
    static String directoryOf(FormatTable table, CommitMessage message) {
        Path dir = message.targetPath().parent();
        Path root = table.qualifiedLocation();
        return dir.isStrictlyBelow(root) ? dir.relativeTo(root) : "";
    }

    /** The values of a partition, by its relative directory. */
    static List<String> of(PartitionLayout layout, String directory) {
        List<String> values = new ArrayList<>();
        if (directory.isEmpty()) {
            return values;
        }
        PartitionValueCodec readable = new PartitionValueCodec(layout.defaultName(), false);
        String[] names = directory.split("/");
        for (int level = 0; level < names.length; level++) {
            Object value =
                    layout.parseDirectoryName(level, names[level])
                            .orElseThrow(
                                    () ->
                                            new IllegalStateException(
                                                    "Not a partition directory: " + directory))[0];
            values.add(readable.render(layout.types().get(level), value));
        }
        return values;
    }
}
