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
package dev.formattable.flink.table;

import dev.formattable.core.scan.ScanPlan;

import javax.annotation.Nullable;

import java.util.List;

/**
 * The plan a SQL scan made in the client for the planner's statistics, kept for the split
 * enumerator of the same bounded scan so the table is listed once per query. It is handed over only
 * while the scan's partition filters are those it was made for (the same predicates: a later
 * push-down makes a new plan necessary), and only up to {@link #MAX_FILES} files, past which the
 * splits would weigh down the job graph and the enumerator lists again instead.
 */
final class PlanHandover {

    /** The most files a plan handed to the enumerator may hold. */
    static final int MAX_FILES = 20_000;

    private final int maxFiles;
    @Nullable private List<Object> madeFor;
    @Nullable private ScanPlan plan;

    PlanHandover() {
        this(MAX_FILES);
    }

    /** A handover of plans of at most {@code maxFiles} files. */
    PlanHandover(int maxFiles) {
        this.maxFiles = maxFiles;
    }

    /**
     * Keeps the plan made under these partition filters, and the files of it whose footers showed
     * the table's types ({@link dev.formattable.flink.read.ReadSpec#fileKey}).
     */
    void offer(List<Object> filters, ScanPlan plan) {
        this.madeFor = List.copyOf(filters);
        this.plan = plan;
    }

    /** The plan made under exactly these filters, or null to plan at the enumerator. */
    @Nullable
    ScanPlan planFor(List<Object> filters) {
        if (plan == null || plan.splits().size() > maxFiles || !sameFilters(filters)) {
            return null;
        }
        return plan;
    }

    /**
     * The same predicate objects (and partition lists) in the same order: copies of a source share
     * them.
     */
    private boolean sameFilters(List<Object> filters) {
        if (madeFor.size() != filters.size()) {
            return false;
        }
        for (int i = 0; i < filters.size(); i++) {
            if (madeFor.get(i) != filters.get(i)) {
                return false;
            }
        }
        return true;
    }
}
