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
package dev.formattable.flink.config;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;

import java.io.Serializable;
import java.util.Map;

/** Compaction before publish, as a table's options ask for it. */
@PublicEvolving
public final class CompactionSettings implements Serializable {

    private static final long serialVersionUID = 1L;

    private final boolean enabled;
    private final long fileSize;
    private final Integer parallelism;

    private CompactionSettings(boolean enabled, long fileSize, Integer parallelism) {
        this.enabled = enabled;
        this.fileSize = fileSize;
        this.parallelism = parallelism;
    }

    /**
     * Reads the compaction options of a table.
     *
     * @param targetFileSize the table's {@code target-file-size}, the default file size
     * @throws IllegalArgumentException {@code "'key'='value' ..."} for a refused option
     */
    public static CompactionSettings of(Map<String, String> options, long targetFileSize) {
        Configuration conf = Configuration.fromMap(options);
        boolean enabled = OptionValues.get(conf, options, CompactionOptions.AUTO_COMPACTION);
        MemorySize size = OptionValues.get(conf, options, CompactionOptions.FILE_SIZE);
        if (size != null && size.getBytes() < 1) {
            throw OptionValues.refused(
                    options, CompactionOptions.FILE_SIZE, "must be at least 1 byte");
        }
        Integer parallelism = OptionValues.get(conf, options, CompactionOptions.PARALLELISM);
        if (parallelism != null && parallelism < 1) {
            throw OptionValues.refused(
                    options, CompactionOptions.PARALLELISM, "must be at least 1");
        }
        return new CompactionSettings(
                enabled, size == null ? targetFileSize : size.getBytes(), parallelism);
    }

    /** No compaction. */
    public static CompactionSettings disabled() {
        return new CompactionSettings(false, Long.MAX_VALUE, null);
    }

    public boolean enabled() {
        return enabled;
    }

    /** Files smaller than this are merged, into files of at most about this size. */
    public long fileSize() {
        return fileSize;
    }

    /** The compacting tasks, or null for the writers' parallelism. */
    public Integer parallelism() {
        return parallelism;
    }
}
