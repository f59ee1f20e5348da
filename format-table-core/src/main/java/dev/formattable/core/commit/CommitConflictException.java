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
package dev.formattable.core.commit;

import java.io.IOException;
import java.util.List;

/**
 * A commit published its files, but some of them were removed before it returned: another writer
 * (an overwrite, a truncate, a dropped partition) deleted them while this commit ran. Their rows
 * are not in the table. Committing again cannot bring them back, so engines do not retry it.
 */
public final class CommitConflictException extends IOException {

    private static final long serialVersionUID = 1L;

    private final List<String> removed;

    CommitConflictException(int published, List<String> removed) {
        super(
                String.format(
                        "Commit published %d files, but %d of them were removed while it ran, by"
                                + " another writer (an overwrite, a truncate, a dropped"
                                + " partition): %s. Their rows are not in the table; the other"
                                + " files stay published.",
                        published, removed.size(), removed));
        this.removed = List.copyOf(removed);
    }

    /** The published files that were removed. */
    public List<String> removed() {
        return removed;
    }
}
