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

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A metric group that keeps the counters and gauges registered in it, for unit tests to read. */
public final class RecordingMetricGroup extends UnregisteredMetricsGroup {

    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Gauge<?>> gauges = new ConcurrentHashMap<>();

    @Override
    public Counter counter(String name) {
        return counter(name, new SimpleCounter());
    }

    @Override
    public <C extends Counter> C counter(String name, C counter) {
        counters.put(name, counter);
        return counter;
    }

    @Override
    public <T, G extends Gauge<T>> G gauge(String name, G gauge) {
        gauges.put(name, gauge);
        return gauge;
    }

    /** The count of the counter of that name; a name never registered fails. */
    public long count(String name) {
        Counter c = counters.get(name);
        if (c == null) {
            throw new AssertionError("No counter " + name + " among " + counters.keySet());
        }
        return c.getCount();
    }

    /** The value of the gauge of that name; a name never registered fails. */
    public Object value(String name) {
        Gauge<?> g = gauges.get(name);
        if (g == null) {
            throw new AssertionError("No gauge " + name + " among " + gauges.keySet());
        }
        return g.getValue();
    }
}
