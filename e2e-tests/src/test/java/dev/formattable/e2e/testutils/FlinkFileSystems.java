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
package dev.formattable.e2e.testutils;

import org.apache.flink.configuration.ConfigConstants;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.plugin.PluginUtils;

import java.io.File;
import java.util.Map;

/**
 * Configures Flink's file systems for this JVM, as a JobManager or TaskManager does at start-up.
 * The settings are process-wide, which is why the e2e module runs each test class in its own JVM.
 */
public final class FlinkFileSystems {

    /** Where the build puts {@code s3-fs-hadoop/} (the flink-s3-fs-hadoop jar). */
    public static final String S3_PLUGIN = "s3-fs-hadoop";

    private FlinkFileSystems() {}

    /**
     * Loads the plugins under {@code FLINK_PLUGINS_DIR} (which must hold the S3 plugin) and
     * configures every file system with {@code settings}.
     */
    public static void initializeWithPlugins(Map<String, String> settings) {
        String dir = System.getenv(ConfigConstants.ENV_FLINK_PLUGINS_DIR);
        if (dir == null || !new File(dir, S3_PLUGIN).isDirectory()) {
            throw new IllegalStateException(
                    "No Flink S3 plugin: set FLINK_PLUGINS_DIR to a directory holding "
                            + S3_PLUGIN
                            + "/ (Maven sets it to e2e-tests/target/plugins), got "
                            + dir);
        }
        Configuration conf = Configuration.fromMap(settings);
        FileSystem.initialize(conf, PluginUtils.createPluginManagerFromRootFolder(conf));
    }

    /**
     * Configures the file systems found on the class path (local, and Hadoop's for every other
     * scheme) with {@code settings}, without plugins.
     */
    public static void initializeWithoutPlugins(Map<String, String> settings) {
        FileSystem.initialize(Configuration.fromMap(settings), null);
    }

    /** Back to the defaults: no plugins, no settings. */
    public static void reset() {
        FileSystem.initialize(new Configuration(), null);
    }
}
