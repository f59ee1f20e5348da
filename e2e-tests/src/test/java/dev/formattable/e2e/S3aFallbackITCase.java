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
package dev.formattable.e2e;

import dev.formattable.e2e.testutils.FlinkFileSystems;

import org.junit.jupiter.api.BeforeAll;

import java.util.HashMap;
import java.util.Map;

/**
 * The SQL scenarios on an S3-compatible server through Hadoop's S3A ({@code s3a://}, hadoop-aws on
 * the class path), reached by Flink's Hadoop fallback file system. Flink refuses the fallback for
 * {@code s3a} unless {@code fs.allowed-fallback-filesystems} names it, and hands the S3A settings
 * to Hadoop through the {@code flink.hadoop.} prefix. No plugin is loaded: the S3 plugin would
 * claim {@code s3a://} for itself. Files are written through Hadoop's multipart API, uploads to
 * their final keys, and published by completing them, so no test here copies an object.
 */
class S3aFallbackITCase extends S3TableScenarios {

    @BeforeAll
    static void fileSystems() {
        Map<String, String> settings = new HashMap<>();
        settings.put("fs.allowed-fallback-filesystems", "s3a");
        S3.s3aSettings().forEach((k, v) -> settings.put("flink.hadoop." + k, v));
        FlinkFileSystems.initializeWithoutPlugins(settings);
    }

    @Override
    protected String scheme() {
        return "s3a";
    }
}
