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
package dev.formattable.flink.docs;

import dev.formattable.flink.read.ReadCounters;
import dev.formattable.flink.sink.committer.CommitterMetrics;
import dev.formattable.flink.sink.compaction.CompactingOperator;
import dev.formattable.flink.sink.writer.FormatTableSinkWriter;
import dev.formattable.flink.source.enumerator.PlanningMetrics;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every metric the connector registers has its row in the table of docs/streaming.md. */
class MetricsDocsTest {

    private static final Path PAGE = Path.of("..", "..", "docs", "streaming.md");

    private static List<String> names(Class<?> declaring) throws IllegalAccessException {
        List<String> names = new ArrayList<>();
        for (Field f : declaring.getDeclaredFields()) {
            int m = f.getModifiers();
            if (Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType() == String.class) {
                f.setAccessible(true);
                names.add((String) f.get(null));
            }
        }
        return names;
    }

    @Test
    void theMetricsTableNamesEveryMetric() throws IOException, IllegalAccessException {
        String page = Files.readString(PAGE);
        String table =
                page.substring(page.indexOf("## Metrics"), page.indexOf("## Bounded memory"));
        List<String> names = new ArrayList<>();
        names.addAll(names(CommitterMetrics.class));
        names.addAll(names(ReadCounters.class));
        names.addAll(names(PlanningMetrics.class));
        names.add(FormatTableSinkWriter.OPEN_FILES);
        names.add(FormatTableSinkWriter.FILES_ROLLED);
        names.add(FormatTableSinkWriter.BYTES_WRITTEN);
        names.add(FormatTableSinkWriter.HELD_FILES);
        names.add(FormatTableSinkWriter.HELD_FILES_MERGED);
        names.add(CompactingOperator.FILES_COMPACTED);

        assertThat(names).hasSizeGreaterThan(20).allMatch(n -> table.contains("`" + n + "`"));
    }
}
