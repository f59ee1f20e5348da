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
package dev.formattable.flink.internal;

import org.apache.flink.FlinkVersion;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The Flink line this artifact was compiled against, checked against the Flink that runs it. Each
 * line's artifact calls into Flink APIs that changed between lines; on another line it would fail
 * with a linkage error, often only once a streaming job checkpoints. The entry points (the table
 * and catalog factories, the DataStream builders) refuse at once instead, naming the artifact to
 * take.
 */
@Internal
public final class FlinkLine {

    /** Written by the build of each line's module: the Flink version it compiled against. */
    static final String RESOURCE = "flink-line.properties";

    // Read on first use, not in a static initializer: a missing resource then fails each call
    // with its own message instead of leaving the class unusable.
    private static volatile String builtFor;

    private FlinkLine() {}

    /** The line ("major.minor") this artifact was compiled against. */
    public static String builtFor() {
        String line = builtFor;
        if (line == null) {
            line = load();
            builtFor = line;
        }
        return line;
    }

    /**
     * Makes this artifact claim another line until the returned handle is closed: how tests show
     * that every entry point checks.
     */
    @VisibleForTesting
    static Pretence pretendBuiltFor(String line) {
        String before = builtFor();
        builtFor = line;
        return () -> builtFor = before;
    }

    /** Ends a {@link #pretendBuiltFor} pretence. */
    interface Pretence extends AutoCloseable {
        @Override
        void close();
    }

    /** The line of the Flink on the class path. */
    public static String running() {
        return FlinkVersion.current().toString();
    }

    /** Fails unless the Flink on the class path is of the line this artifact was built for. */
    public static void checkRunning() {
        check(builtFor(), running());
    }

    static void check(String builtFor, String running) {
        if (!builtFor.equals(running)) {
            throw new IllegalStateException(
                    String.format(
                            "This format-table connector (flink-connector-format-table-%1$s or"
                                    + " flink-sql-connector-format-table-%1$s) is built for"
                                    + " Flink %1$s and cannot run on Flink %2$s: take"
                                    + " flink-connector-format-table-%2$s or"
                                    + " flink-sql-connector-format-table-%2$s, where there is"
                                    + " one for Flink %2$s (see 'Which Flink' in docs/deploy.md)",
                            builtFor, running));
        }
    }

    /** "major.minor" of a version such as "1.20.1" or "2.2-SNAPSHOT". */
    static String lineOf(String version) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("(\\d+)\\.(\\d+)(\\D.*|$)").matcher(version);
        if (!m.matches()) {
            throw new IllegalArgumentException("Not a Flink version: '" + version + "'");
        }
        return m.group(1) + "." + m.group(2);
    }

    private static String load() {
        Properties p = new Properties();
        try (InputStream in = FlinkLine.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        "The connector's jar lacks "
                                + FlinkLine.class.getPackageName().replace('.', '/')
                                + "/"
                                + RESOURCE
                                + ", which names the Flink line it is built for");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lineOf(p.getProperty("flink.version"));
    }
}
