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
package dev.formattable.examples;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * A batch SQL job on a format-table catalog: creates a partitioned orc table by name, fills it,
 * replaces one day and sums the orders per day. Run it with a warehouse directory as its argument,
 * or none for a temporary one.
 */
public final class SqlCatalogExample {

    private SqlCatalogExample() {}

    public static void main(String[] args) throws Exception {
        String warehouse =
                args.length > 0 ? args[0] : Files.createTempDirectory("warehouse").toString();
        run(warehouse).forEach(System.out::println);
    }

    /** Runs the job on a warehouse directory and returns "day orders total" per day. */
    public static List<String> run(String warehouse) throws Exception {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.executeSql(
                "CREATE CATALOG lake WITH ('type' = 'format-table', 'warehouse' = '"
                        + warehouse
                        + "')");
        tEnv.useCatalog("lake");
        tEnv.executeSql("CREATE DATABASE IF NOT EXISTS sales");

        // The schema is kept under the table's directory: the next job uses the table by name.
        tEnv.executeSql(
                "CREATE TABLE IF NOT EXISTS sales.orders ("
                        + " id INT, customer STRING, amount DECIMAL(10, 2), dt DATE"
                        + ") PARTITIONED BY (dt) WITH ('file.format' = 'orc')");
        tEnv.executeSql(
                        "INSERT INTO sales.orders VALUES"
                                + " (1, 'alice', 12.50, DATE '2024-01-01'),"
                                + " (2, 'bob', 30.00, DATE '2024-01-01'),"
                                + " (3, 'carol', 7.25, DATE '2024-01-02')")
                .await();
        // Replaces 2024-01-02 only.
        tEnv.executeSql(
                        "INSERT OVERWRITE sales.orders PARTITION (dt = '2024-01-02')"
                                + " VALUES (4, 'dave', 99.99)")
                .await();

        List<String> totals = new ArrayList<>();
        try (CloseableIterator<Row> rows =
                tEnv.executeSql(
                                "SELECT dt, COUNT(*), SUM(amount) FROM sales.orders"
                                        + " GROUP BY dt ORDER BY dt")
                        .collect()) {
            rows.forEachRemaining(
                    r -> totals.add(r.getField(0) + " " + r.getField(1) + " " + r.getField(2)));
        }
        return totals;
    }
}
