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

/**
 * The SQL scenarios on an S3-compatible server, through Flink's own S3 file system ({@code s3://},
 * the flink-s3-fs-hadoop plugin, loaded from {@code FLINK_PLUGINS_DIR} as a Flink distribution
 * loads it): files are written with the plugin's recoverable writer, a multipart upload to the
 * final key, and published by completing it, so no test here copies an object.
 */
class S3PluginITCase extends S3TableScenarios {

    @BeforeAll
    static void fileSystems() {
        FlinkFileSystems.initializeWithPlugins(S3.flinkS3Settings());
    }

    @Override
    protected String scheme() {
        return "s3";
    }
}
