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
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** Median and range of a list of figures. */
public final class Stats {

    public final double median;
    public final double min;
    public final double max;
    public final int n;

    private Stats(double median, double min, double max, int n) {
        this.median = median;
        this.min = min;
        this.max = max;
        this.n = n;
    }

    public static Stats of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("No values");
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        double median =
                n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return new Stats(median, sorted.get(0), sorted.get(n - 1), n);
    }

    /** "median (min–max)", with figures rounded to three significant digits. */
    public String format() {
        return String.format(Locale.ROOT, "%s (%s–%s)", fmt(median), fmt(min), fmt(max));
    }

    static String fmt(double v) {
        double a = Math.abs(v);
        if (a >= 1_000_000) {
            return String.format(Locale.ROOT, "%.2fM", v / 1_000_000);
        }
        if (a >= 10_000) {
            return String.format(Locale.ROOT, "%.0fk", v / 1_000);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
