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
package dev.formattable.core.stats;

import java.io.Serializable;

/**
 * What a statistics run did with one partition.
 *
 * @param partition the partition as {@code k1=v1/k2=v2}, empty for an unpartitioned table
 * @param outcome {@code recomputed}, {@code added files}, {@code reused}, or {@code skipped: <why>}
 * @param filesRead the data files read for it
 * @param rowCount the partition's row count in its statistics now (-1 when skipped)
 */
public record PartitionReport(String partition, String outcome, int filesRead, long rowCount)
        implements Serializable {

    public static final String RECOMPUTED = "recomputed";
    public static final String ADDED_FILES = "added files";
    public static final String REUSED = "reused";
}
