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
package dev.formattable.flink.config;

import dev.formattable.core.options.Range;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;

import java.util.Map;

/** Reads the sink's Flink options from a table's options, refusing a bad value by key and value. */
@Internal
public final class OptionValues {

    private OptionValues() {}

    /**
     * The value of {@code option}.
     *
     * @throws IllegalArgumentException {@code "'key'='value' cannot be read: ..."}
     */
    public static <T> T get(Configuration conf, Map<String, String> raw, ConfigOption<T> option) {
        try {
            return conf.get(option);
        } catch (IllegalArgumentException e) {
            throw refused(raw, option, "cannot be read: " + e.getMessage());
        }
    }

    /** {@code "'key'='value' <why>"}, the value as given. */
    public static IllegalArgumentException refused(
            Map<String, String> raw, ConfigOption<?> option, String why) {
        return Range.refused(option.key(), raw.get(option.key()), why);
    }
}
