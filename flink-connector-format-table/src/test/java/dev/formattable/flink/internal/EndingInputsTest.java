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
package dev.formattable.flink.internal;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Which inputs of a streaming SQL job end, as the sink judges them when it is attached. */
class EndingInputsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "VALUES (1, 'a') | true",
                "SELECT * FROM gen_bounded | true",
                "SELECT * FROM gen_forever | false",
                "SELECT * FROM gen_bounded UNION ALL SELECT * FROM gen_forever | false"
            })
    void judgesTheSourcesUpstream(String query, boolean ends) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        StreamTableEnvironment tables =
                StreamTableEnvironment.create(env, EnvironmentSettings.inStreamingMode());
        tables.executeSql(
                "CREATE TEMPORARY TABLE gen_bounded (id INT, k STRING) WITH ("
                        + "'connector'='datagen', 'number-of-rows'='10')");
        tables.executeSql(
                "CREATE TEMPORARY TABLE gen_forever (id INT, k STRING) WITH ("
                        + "'connector'='datagen')");
        Table table = tables.sqlQuery(query);
        Transformation<?> rows = tables.toDataStream(table).getTransformation();

        assertThat(EndingInputs.ends(rows)).isEqualTo(ends);
    }
}
