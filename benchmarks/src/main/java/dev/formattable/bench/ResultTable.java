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
package dev.formattable.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The one table the benchmarks print: each figure for us, for the other side, and the ratio. */
public final class ResultTable {

    /** One line of the table; a side without a figure carries a short reason instead. */
    public static final class Row {
        final String scenario;
        final String metric;
        final String ours;
        final String theirs;
        final String ratio;
        final String note;

        public Row(
                String scenario,
                String metric,
                String ours,
                String theirs,
                String ratio,
                String note) {
            this.scenario = scenario;
            this.metric = metric;
            this.ours = ours;
            this.theirs = theirs;
            this.ratio = ratio;
            this.note = note;
        }
    }

    private static final String[] HEADER = {
        "scenario", "metric", "format-table", "other side", "ours/theirs", "note"
    };

    private final List<Row> rows = new ArrayList<>();

    public void add(Row row) {
        rows.add(row);
    }

    /** A row from two measured sides; a disagreement in answers prints no figure at all. */
    public void add(String scenario, String metric, Pairs.Result r, String note) {
        if (!r.answersMatch) {
            rows.add(
                    new Row(
                            scenario,
                            metric,
                            "ANSWERS DIFFER",
                            "ANSWERS DIFFER",
                            "-",
                            "ours=" + r.oursAnswer + " theirs=" + r.theirsAnswer));
            return;
        }
        String ratio = String.format(Locale.ROOT, "%.2f", r.ours.median / r.theirs.median);
        rows.add(new Row(scenario, metric, r.ours.format(), r.theirs.format(), ratio, note));
    }

    public List<Row> rows() {
        return rows;
    }

    /** A Markdown table, readable as plain text too. */
    public String render() {
        int[] widths = new int[HEADER.length];
        List<String[]> cells = new ArrayList<>();
        cells.add(HEADER);
        for (Row r : rows) {
            cells.add(new String[] {r.scenario, r.metric, r.ours, r.theirs, r.ratio, r.note});
        }
        for (String[] line : cells) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int l = 0; l < cells.size(); l++) {
            appendLine(out, cells.get(l), widths);
            if (l == 0) {
                String[] dashes = new String[widths.length];
                for (int i = 0; i < widths.length; i++) {
                    dashes[i] = "-".repeat(widths[i]);
                }
                appendLine(out, dashes, widths);
            }
        }
        return out.toString();
    }

    private static void appendLine(StringBuilder out, String[] line, int[] widths) {
        out.append('|');
        for (int i = 0; i < line.length; i++) {
            out.append(' ').append(line[i]);
            out.append(" ".repeat(widths[i] - line[i].length())).append(" |");
        }
        out.append('\n');
    }
}
