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
package dev.formattable.flink.sink;

import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.IOException;
import java.io.Serializable;

/**
 * A sink's committer alone, for the committer task: Flink's committer operator hands what it
 * published on only for a sink with a post-commit topology, and only the partition commit needs it.
 */
final class CommitterOnly implements SupportsCommitter<FormatTableCommittable>, Serializable {

    private static final long serialVersionUID = 1L;

    private final FormatTableSink sink;

    private CommitterOnly(FormatTableSink sink) {
        this.sink = sink;
    }

    /** What the committer task commits with: the sink itself if it commits partitions after. */
    static SupportsCommitter<FormatTableCommittable> committersOf(FormatTableSink sink) {
        return sink.partitionCommit().isPresent() ? sink : new CommitterOnly(sink);
    }

    @Override
    public Committer<FormatTableCommittable> createCommitter(CommitterInitContext context)
            throws IOException {
        return sink.createCommitter(context);
    }

    @Override
    public SimpleVersionedSerializer<FormatTableCommittable> getCommittableSerializer() {
        return sink.getCommittableSerializer();
    }
}
