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
package dev.formattable.testing;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;

/** The MiniCluster the test suites run their jobs on: one TaskManager, shared by a test class. */
public final class MiniClusters {

    private MiniClusters() {}

    /**
     * One TaskManager with {@code slots} slots and the given settings, plus a cap on Flink 2.3's
     * stall when closing split fetchers (FLINK-40660).
     */
    public static MiniClusterExtension of(int slots, Configuration conf) {
        conf.setString("source.reader.close.timeout", "1000");
        return new MiniClusterExtension(
                new MiniClusterResourceConfiguration.Builder()
                        .setNumberTaskManagers(1)
                        .setNumberSlotsPerTaskManager(slots)
                        .setConfiguration(conf)
                        .build());
    }

    /** One TaskManager with {@code slots} slots. */
    public static MiniClusterExtension of(int slots) {
        return of(slots, new Configuration());
    }
}
