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
package dev.formattable.flink.testutils;

import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.FormatTableCommittableSerializer;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessageTypeInfo;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;

/**
 * Harnesses whose operator emits committables copy each one with the serializer a job uses. Left to
 * itself, a harness picks a serializer from the first record: Kryo, which on Flink 1.20 cannot copy
 * the immutable lists a committable holds.
 */
public final class CommittableOutputs {

    private CommittableOutputs() {}

    /** Sets {@code harness} up to copy committables as a job does; returns it. */
    public static <
                    H extends
                            AbstractStreamOperatorTestHarness<
                                            CommittableMessage<FormatTableCommittable>>>
            H of(H harness) {
        harness.setup(
                CommittableMessageTypeInfo.<FormatTableCommittable>of(
                                FormatTableCommittableSerializer::new)
                        .createSerializer(new SerializerConfigImpl()));
        return harness;
    }
}
