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
package dev.formattable.flink.fs;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import java.io.IOException;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * An S3A instance of the connector's own beside each one Flink's Hadoop fallback caches, for
 * multipart uploads. Flink's instance is shared with Flink's own writes, whose tasks make S3A's
 * threads; such a thread keeps the class loader of the job that made it, which Flink closes when
 * that job ends, and the AWS SDK then fails on that thread. This instance is made, and its threads
 * are made, with the connector's class loader (see {@code HadoopMultipartUploads#run}). It has the
 * shared instance's URI and configuration, and lives as long as that instance.
 */
final class OwnHadoopFileSystems {

    private static final Map<FileSystem, FileSystem> OWN = new WeakHashMap<>();

    private OwnHadoopFileSystems() {}

    static FileSystem of(FileSystem shared) throws IOException {
        synchronized (OWN) {
            FileSystem own = OWN.get(shared);
            if (own == null) {
                ClassLoader loader = OwnHadoopFileSystems.class.getClassLoader();
                Configuration conf = new Configuration(shared.getConf());
                conf.setClassLoader(loader);
                Thread thread = Thread.currentThread();
                ClassLoader before = thread.getContextClassLoader();
                thread.setContextClassLoader(loader);
                try {
                    own = FileSystem.newInstance(shared.getUri(), conf);
                } finally {
                    thread.setContextClassLoader(before);
                }
                OWN.put(shared, own);
            }
            return own;
        }
    }
}
