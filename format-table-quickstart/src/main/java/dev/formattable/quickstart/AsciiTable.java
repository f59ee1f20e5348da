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
package dev.formattable.quickstart;

import org.apache.flink.types.Row;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Renders rows as a plain ASCII table: numbers right-aligned, everything else left-aligned. */
final class AsciiTable {

    static final String NULL = "<NULL>";

    private AsciiTable() {}

    static String render(List<String> names, List<Row> rows) {
        int columns = names.size();
        List<String[]> cells = new ArrayList<>();
        boolean[] numeric = new boolean[columns];
        Arrays.fill(numeric, true);
        for (Row row : rows) {
            String[] line = new String[columns];
            for (int i = 0; i < columns; i++) {
                Object value = row.getField(i);
                line[i] = text(value);
                numeric[i] &= value == null || value instanceof Number;
            }
            cells.add(line);
        }
        int[] widths = new int[columns];
        for (int i = 0; i < columns; i++) {
            widths[i] = names.get(i).length();
            for (String[] line : cells) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }

        StringBuilder out = new StringBuilder();
        border(out, widths);
        line(out, names.toArray(new String[0]), widths, new boolean[columns]);
        border(out, widths);
        for (String[] line : cells) {
            line(out, line, widths, numeric);
        }
        if (!cells.isEmpty()) {
            border(out, widths);
        }
        out.append(rows.size()).append(rows.size() == 1 ? " row" : " rows").append('\n');
        return out.toString();
    }

    private static String text(Object value) {
        if (value == null) {
            return NULL;
        }
        if (value instanceof byte[] bytes) {
            return Arrays.toString(bytes);
        }
        return value.toString();
    }

    private static void border(StringBuilder out, int[] widths) {
        for (int width : widths) {
            out.append('+').append("-".repeat(width + 2));
        }
        out.append("+\n");
    }

    private static void line(StringBuilder out, String[] values, int[] widths, boolean[] right) {
        for (int i = 0; i < widths.length; i++) {
            String pad = " ".repeat(widths[i] - values[i].length());
            out.append("| ");
            out.append(right[i] ? pad + values[i] : values[i] + pad);
            out.append(' ');
        }
        out.append("|\n");
    }
}
