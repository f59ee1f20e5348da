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

import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;

import java.util.List;

/** A commit message that passed the checks, with its typed partition and its file state. */
final class CheckedMessage {

    /** Where a message's file is. */
    enum State {
        /** Staged; the target does not exist. */
        STAGED,
        /**
         * Staged, and a target of this write exists that is shorter than the file: a publish that
         * began to copy and did not finish.
         */
        STAGED_AND_TARGET,
        /**
         * Staged, and a whole target of this write exists (its length is the file's size): a
         * publish that copied but did not delete its source. The target is kept.
         */
        STAGED_AND_WHOLE_TARGET,
        /**
         * Written as an upload to its target: whether it is pending, completed by an earlier
         * attempt or gone is settled by completing it (see {@code FileCommitter}).
         */
        UPLOAD,
        /** Not staged but at its target: published by an earlier attempt. */
        PUBLISHED,
        /**
         * Neither staged nor at its target: the files were removed after they were written (or
         * published). Only a commit after recovery accepts it, and skips it.
         */
        VANISHED
    }

    final CommitMessage message;
    final Path staged;
    final Path target;
    final List<Object> partitionValues;
    State state;

    CheckedMessage(CommitMessage message, Path staged, Path target, List<Object> partitionValues) {
        this.message = message;
        this.staged = staged;
        this.target = target;
        this.partitionValues = partitionValues;
    }
}
