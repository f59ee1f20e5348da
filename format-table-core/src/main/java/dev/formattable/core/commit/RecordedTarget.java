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
package dev.formattable.core.commit;

import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.partition.PathEscaper;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Judges a restored message by what it recorded. A message staged before the table's options
 * changed names the directory those options rendered; renaming it elsewhere would leave its staged
 * file or published target behind, and refusing it would fail every restart. Its recorded target is
 * kept when it differs from today's rendering only by an option that renders the same values
 * differently: the path's scheme (an alias of the same store), {@code partition.default-name},
 * {@code partition.legacy-name} or {@code format-table.partition-path-only-value}.
 */
final class RecordedTarget {

    private static final List<Set<String>> SCHEME_ALIASES =
            List.of(Set.of("s3", "s3a", "s3n"), Set.of("abfs", "abfss"), Set.of("wasb", "wasbs"));

    private RecordedTarget() {}

    /**
     * The path re-rooted under {@code root} when it differs from a path below the root only by an
     * alias of the root's scheme; {@code null} otherwise.
     */
    static Path underRootScheme(Path path, Path root) {
        if (path.scheme() == null
                || root.scheme() == null
                || path.scheme().equals(root.scheme())
                || !Objects.equals(path.authority(), root.authority())
                || SCHEME_ALIASES.stream()
                        .noneMatch(s -> s.contains(path.scheme()) && s.contains(root.scheme()))) {
            return null;
        }
        Path rerooted = new Path(root.scheme(), root.authority(), path.path());
        return rerooted.isStrictlyBelow(root) ? rerooted : null;
    }

    /** What a recorded partition directory says about the options it was rendered under. */
    static final class Judgement {
        /** Whether the file may be published there: a scan with today's options reads it. */
        final boolean publishable;

        /** The options whose change explains the directory; empty when none does. */
        final Set<String> changedOptions;

        private Judgement(boolean publishable, Set<String> changedOptions) {
            this.publishable = publishable;
            this.changedOptions = changedOptions;
        }
    }

    private static final Judgement CONFLICT = new Judgement(false, Set.of());

    /**
     * Whether {@code recordedDir} (below {@code root}) is the directory of the partition {@code
     * values} rendered under other partition options, and which.
     */
    static Judgement judge(
            PartitionLayout layout, Path root, Path recordedDir, List<Object> values) {
        if (!layout.isPartitioned() || !recordedDir.isStrictlyBelow(root)) {
            return CONFLICT;
        }
        String[] segments = recordedDir.relativeTo(root).split("/", -1);
        if (segments.length != layout.levels()) {
            return CONFLICT;
        }
        Set<String> changed = new LinkedHashSet<>();
        boolean visible = true;
        for (int level = 0; level < segments.length; level++) {
            String segment = segments[level];
            if (segment.isEmpty() || (level == 0 && layout.reservedRootNames().contains(segment))) {
                return CONFLICT;
            }
            String key = PathEscaper.escape(layout.keys().get(level));
            boolean keyValue = segment.startsWith(key + "=");
            String name = keyValue ? segment.substring(key.length() + 1) : segment;
            if (keyValue == layout.valueOnly()) {
                changed.add("format-table.partition-path-only-value");
            }
            Object value = values.get(level);
            if (value == null) {
                if (!name.equals(PathEscaper.escape(layout.defaultName()))) {
                    changed.add("partition.default-name");
                    // Under value-only names, no scan reads a hidden directory but the default's.
                    visible &= keyValue || !PartitionLayout.isHidden(name);
                }
                continue;
            }
            List<String> spellings = new ArrayList<>();
            for (String text : layout.codec().spellings(layout.types().get(level), value)) {
                spellings.add(PathEscaper.escape(text));
            }
            if (!spellings.contains(name)) {
                return CONFLICT;
            }
            if (!name.equals(
                    PathEscaper.escape(layout.codec().render(layout.types().get(level), value)))) {
                changed.add("partition.legacy-name");
            }
            visible &= keyValue || !PartitionLayout.isHidden(name);
        }
        return new Judgement(visible && !changed.isEmpty(), changed);
    }
}
