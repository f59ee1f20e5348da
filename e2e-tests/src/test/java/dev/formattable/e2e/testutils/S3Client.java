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

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.HadoopFileIO;
import dev.formattable.e2e.servers.S3ProxyExtension;
import dev.formattable.flink.fs.FlinkFileIO;

/**
 * The two S3 clients the commit tests run on: Hadoop's S3A under the core's {@link HadoopFileIO},
 * and Flink's S3 plugin under the connector's {@link FlinkFileIO} (which must have been set up with
 * {@link FlinkFileSystems#initializeWithPlugins}).
 */
public enum S3Client {
    HADOOP_S3A("s3a"),
    FLINK_S3_PLUGIN("s3");

    public final String scheme;

    S3Client(String scheme) {
        this.scheme = scheme;
    }

    public FileIO fileIO(S3ProxyExtension s3) {
        return this == HADOOP_S3A ? new HadoopFileIO(s3.s3aConfiguration()) : new FlinkFileIO();
    }
}
