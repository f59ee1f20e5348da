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
package dev.formattable.bench;

import java.util.Locale;

/** How much data each scenario uses; small runs in minutes on two cores. */
public enum Scale {
    /** A smoke test of the harness; its figures mean little. */
    TINY(50_000, 1_000_000, 1_000, 200, 20_000),
    SMALL(300_000, 10_000_000, 10_000, 500, 50_000),
    MEDIUM(1_500_000, 20_000_000, 10_000, 500, 200_000),
    LARGE(5_000_000, 50_000_000, 10_000, 10_000, 2_000_000);

    /** Rows of the 20-column table that is written and scanned. */
    public final long rows;

    /** Rows of the narrow table that COUNT(*) counts. */
    public final long countRows;

    /** Files published by one local commit. */
    public final int commitFiles;

    /** Files published by one commit on s3proxy, where each is a copy and a delete. */
    public final int s3CommitFiles;

    /** Rows the streaming job writes into 10,000 partitions. */
    public final long streamingRows;

    Scale(long rows, long countRows, int commitFiles, int s3CommitFiles, long streamingRows) {
        this.rows = rows;
        this.countRows = countRows;
        this.commitFiles = commitFiles;
        this.s3CommitFiles = s3CommitFiles;
        this.streamingRows = streamingRows;
    }

    static Scale of(String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Unknown scale '" + name + "', expected tiny, small, medium or large");
        }
    }
}
