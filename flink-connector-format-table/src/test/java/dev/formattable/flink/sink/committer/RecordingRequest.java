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
package dev.formattable.flink.sink.committer;

import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.api.connector.sink2.Committer;

import java.util.ArrayList;
import java.util.List;

/** A commit request as Flink hands it over; it records what the committer signals. */
final class RecordingRequest implements Committer.CommitRequest<FormatTableCommittable> {
    private final FormatTableCommittable committable;
    final List<String> signals = new ArrayList<>();

    RecordingRequest(FormatTableCommittable committable) {
        this.committable = committable;
    }

    @Override
    public FormatTableCommittable getCommittable() {
        return committable;
    }

    @Override
    public int getNumberOfRetries() {
        return 0;
    }

    @Override
    public void signalFailedWithKnownReason(Throwable t) {
        signals.add("failed with known reason: " + t);
    }

    @Override
    public void signalFailedWithUnknownReason(Throwable t) {
        signals.add("failed with unknown reason: " + t);
    }

    @Override
    public void retryLater() {
        signals.add("retry later");
    }

    @Override
    public void updateAndRetryLater(FormatTableCommittable committable) {
        signals.add("update and retry later");
    }

    @Override
    public void signalAlreadyCommitted() {
        signals.add("already committed");
    }
}
