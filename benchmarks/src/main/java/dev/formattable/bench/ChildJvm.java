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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A run of a scenario in a JVM of its own, with a heap of its own: the child prints one line {@code
 * RESULT <figures>} on stdout and its log goes to a file.
 */
final class ChildJvm {

    /** What the line after {@code RESULT } said (null when none came), and the exit code. */
    static final class Outcome {
        final String result;
        final int exit;

        Outcome(String result, int exit) {
            this.result = result;
            this.exit = exit;
        }
    }

    private ChildJvm() {}

    /** Runs {@code main} with {@code args} and this JVM's class path, its stderr to {@code log}. */
    static Outcome run(Class<?> main, String xmx, Path log, Duration timeout, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(xmx);
        cmd.add("-XX:+UseG1GC");
        cmd.addAll(Cluster.moduleFlags());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        Files.createDirectories(log.toAbsolutePath().getParent());
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        String result = null;
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("RESULT ")) {
                    result = line.substring("RESULT ".length());
                }
            }
        }
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            p.waitFor();
        }
        return new Outcome(result, p.exitValue());
    }
}
