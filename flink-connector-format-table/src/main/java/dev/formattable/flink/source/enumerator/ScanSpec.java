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
package dev.formattable.flink.source.enumerator;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.DataSplit;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a source scans: the table, the partitions a predicate accepts, a limit, the target size of a
 * split, and whether the table is listed once (bounded) or at every interval (continuous); and the
 * files, when the client already listed them for this scan, so the enumerator lists nothing.
 */
@Internal
public final class ScanSpec implements Serializable {

    private static final long serialVersionUID = 1L;

    final FormatTable table;
    @Nullable final PartitionPredicate predicate;
    @Nullable final Long limit;
    final long splitSize;
    @Nullable final List<DataSplit> planned;
    @Nullable private final Duration monitorInterval;

    private ScanSpec(Builder b) {
        this.table = b.table;
        this.predicate = b.predicate;
        this.limit = b.limit;
        this.monitorInterval = b.monitorInterval;
        // Flink's continuous enumerator drops any further split of a path it has seen: a
        // continuous scan reads every file whole, and lists the table itself.
        this.splitSize = b.monitorInterval != null ? Long.MAX_VALUE : b.splitSize;
        this.planned =
                b.monitorInterval != null || b.planned == null ? null : new ArrayList<>(b.planned);
    }

    /** Starts a bounded scan of every partition, in splits of at most 128 mb. */
    public static Builder builder(FormatTable table) {
        return new Builder(table);
    }

    /** The table scanned. */
    public FormatTable table() {
        return table;
    }

    /** The interval at which a continuous scan lists the table again; null when bounded. */
    @Nullable
    public Duration monitorInterval() {
        return monitorInterval;
    }

    /** The partitions the scan keeps; null for all. */
    @Nullable
    public PartitionPredicate partitionFilter() {
        return predicate;
    }

    /** This bounded scan, reading the given files instead of listing the table. */
    public ScanSpec withPlanned(List<DataSplit> files) {
        return builder(table)
                .partitionFilter(predicate)
                .limit(limit)
                .splitSize(splitSize)
                .planned(files)
                .build();
    }

    /** Builds a {@link ScanSpec}. */
    public static final class Builder {
        private final FormatTable table;
        @Nullable private PartitionPredicate predicate;
        @Nullable private Long limit;
        private long splitSize = 128L << 20;
        @Nullable private List<DataSplit> planned;
        @Nullable private Duration monitorInterval;

        private Builder(FormatTable table) {
            this.table = Objects.requireNonNull(table, "table");
        }

        /** Only the partitions this predicate accepts (null: all). */
        public Builder partitionFilter(@Nullable PartitionPredicate predicate) {
            this.predicate = predicate;
            return this;
        }

        /** The scan may stop listing once it holds files of this many rows (null: none). */
        public Builder limit(@Nullable Long limit) {
            this.limit = limit;
            return this;
        }

        /** Files larger than this are cut into byte ranges of this size. */
        public Builder splitSize(long splitSize) {
            this.splitSize = splitSize;
            return this;
        }

        /** The files to read, already listed for this scan (null: the enumerator lists). */
        public Builder planned(@Nullable List<DataSplit> planned) {
            this.planned = planned;
            return this;
        }

        /** Lists the table again every {@code interval} (null: bounded). */
        public Builder monitorContinuously(@Nullable Duration interval) {
            this.monitorInterval = interval;
            return this;
        }

        /**
         * The spec.
         *
         * @throws IllegalArgumentException when a continuous scan is given a limit or an interval
         *     that is not positive
         */
        public ScanSpec build() {
            if (monitorInterval != null) {
                if (limit != null) {
                    throw new IllegalArgumentException(
                            "A continuous source of a format table cannot have a limit");
                }
                if (monitorInterval.isNegative() || monitorInterval.isZero()) {
                    throw new IllegalArgumentException(
                            "The monitoring interval must be positive, but is " + monitorInterval);
                }
            }
            return new ScanSpec(this);
        }
    }
}
