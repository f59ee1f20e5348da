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
package dev.formattable.e2e.testutils;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * Seeded random rows of the table {@code (id INT, name STRING, amount DECIMAL(10, 2), dt DATE, h
 * INT) PARTITIONED BY (dt, h)}, as SQL literals and as the strings Flink prints them as.
 */
public final class OrderRows {

    public static final String COLUMNS =
            "id INT, name STRING, amount DECIMAL(10, 2), dt DATE, h INT";
    public static final String PARTITION_KEYS = "dt, h";

    /** One row. */
    public static final class Order {
        public final int id;
        public final String name;
        public final BigDecimal amount;
        public final LocalDate dt;
        public final int h;

        Order(int id, String name, BigDecimal amount, LocalDate dt, int h) {
            this.id = id;
            this.name = name;
            this.amount = amount;
            this.dt = dt;
            this.h = h;
        }

        /** How {@code Row.toString()} prints it. */
        @Override
        public String toString() {
            return "+I[" + id + ", " + name + ", " + amount + ", " + dt + ", " + h + "]";
        }

        /** The partition directory under the default (legacy, day-count) naming. */
        public String partitionDir() {
            return "dt=" + dt.toEpochDay() + "/h=" + h;
        }

        String sqlTuple(boolean withDate) {
            return "("
                    + id
                    + ", '"
                    + name
                    + "', CAST("
                    + amount.toPlainString()
                    + " AS DECIMAL(10, 2))"
                    + (withDate ? ", DATE '" + dt + "'" : "")
                    + ", "
                    + h
                    + ")";
        }
    }

    private OrderRows() {}

    /**
     * {@code n} rows with ids from {@code firstId}, spread at random over {@code days} (ISO dates)
     * and hours {@code 0..hours-1}.
     */
    public static List<Order> generate(
            long seed, int firstId, int n, List<String> days, int hours) {
        Random random = new Random(seed);
        List<Order> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder name = new StringBuilder("n-");
            for (int c = 0; c < 6; c++) {
                name.append((char) ('a' + random.nextInt(26)));
            }
            rows.add(
                    new Order(
                            firstId + i,
                            name.toString(),
                            BigDecimal.valueOf(random.nextInt(1_000_000), 2),
                            LocalDate.parse(days.get(random.nextInt(days.size()))),
                            random.nextInt(hours)));
        }
        return rows;
    }

    /** {@code VALUES (...), (...)} of all five columns. */
    public static String values(List<Order> rows) {
        return "VALUES "
                + rows.stream().map(r -> r.sqlTuple(true)).collect(Collectors.joining(", "));
    }

    /**
     * A query of the non-date columns {@code (id, name, amount, h)}, for an INSERT OVERWRITE with a
     * static {@code dt}.
     */
    public static String selectWithoutDate(List<Order> rows) {
        return "SELECT * FROM (VALUES "
                + rows.stream().map(r -> r.sqlTuple(false)).collect(Collectors.joining(", "))
                + ") AS v(id, name, amount, h)";
    }

    /** The rows as Flink prints them, sorted like the query helpers sort. */
    public static List<String> printed(List<Order> rows) {
        return rows.stream().map(Order::toString).sorted().collect(Collectors.toList());
    }
}
