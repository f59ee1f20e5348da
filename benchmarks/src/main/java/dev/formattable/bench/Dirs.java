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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/** Small file-tree helpers for the work directory. */
public final class Dirs {

    private Dirs() {}

    public static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder())
                    .forEach(
                            p -> {
                                try {
                                    Files.delete(p);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Visible regular files below {@code dir} (no path segment starting with '_' or '.'). */
    public static Stream<Path> visibleFiles(Path dir) throws IOException {
        return Files.walk(dir)
                .filter(Files::isRegularFile)
                .filter(
                        p -> {
                            for (Path seg : dir.relativize(p)) {
                                String s = seg.toString();
                                if (s.startsWith("_") || s.startsWith(".")) {
                                    return false;
                                }
                            }
                            return true;
                        });
    }

    public static long countVisibleFiles(Path dir) throws IOException {
        try (Stream<Path> files = visibleFiles(dir)) {
            return files.count();
        }
    }

    /**
     * Gives every visible file a new modification time, so that no footer cached by an earlier run
     * (keyed by path, size and modification time) is reused: every run reads cold.
     */
    public static void touchAll(Path dir) throws IOException {
        FileTime now =
                FileTime.fromMillis(System.currentTimeMillis() + TOUCHES.incrementAndGet() * 1000);
        try (Stream<Path> files = visibleFiles(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Files.setLastModifiedTime(p, now);
            }
        }
    }

    private static final AtomicLong TOUCHES = new AtomicLong();
}
