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
package dev.formattable.e2e.cluster;

import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The standalone-cluster scenarios on Flink 1.20, the long-term-support line: its installation with
 * {@code flink-sql-connector-format-table-1.20} in {@code lib/}.
 */
class StandaloneClusterFlink120ITCase extends StandaloneClusterTestBase {

    @RegisterExtension
    static final StandaloneFlinkCluster CLUSTER = new StandaloneFlinkCluster("1.20");

    @Override
    StandaloneFlinkCluster cluster() {
        return CLUSTER;
    }
}
