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
package dev.formattable.flink.testutils;

import dev.formattable.testing.LocalFileSystemUnderScheme;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The local file system under the scheme {@code countingfile://}, counting directory listings and
 * status calls in this JVM: a SQL query's planning (in the client) and its execution (in the
 * MiniCluster) are counted together, whatever the connector's own bookkeeping says. Found by Flink
 * through {@code META-INF/services} of the test class path; {@link CountingHadoopFileSystem} serves
 * the same scheme to Hadoop, into the same counters.
 */
public final class CountingFileSystem extends LocalFileSystemUnderScheme {

    public static final String SCHEME = "countingfile";

    private static final AtomicLong LISTS = new AtomicLong();
    private static final AtomicLong STATUSES = new AtomicLong();
    private static final AtomicLong OPENS = new AtomicLong();
    private static final java.util.Queue<String> LISTED =
            new java.util.concurrent.ConcurrentLinkedQueue<>();

    /** Registers the scheme with Flink's file systems, with Flink's default configuration. */
    public static void install() {
        FileSystem.initialize(new Configuration(), null);
    }

    public static void reset() {
        LISTS.set(0);
        STATUSES.set(0);
        OPENS.set(0);
        LISTED.clear();
    }

    /** Listings since the last {@link #reset} of directories whose path contains {@code part}. */
    public static long listsOf(String part) {
        return LISTED.stream().filter(p -> p.contains(part)).count();
    }

    /** Listings of exactly {@code dir} since the last {@link #reset}. */
    public static long listsOfExactly(java.nio.file.Path dir) {
        String path = dir.toAbsolutePath().toString();
        return LISTED.stream().filter(p -> stripSlash(p).equals(path)).count();
    }

    /**
     * Waits until {@code dir} has been listed {@code times} more times from now, failing after a
     * minute with the directories listed.
     */
    public static void awaitMoreListsOf(java.nio.file.Path dir, int times)
            throws InterruptedException {
        long target = listsOfExactly(dir) + times;
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(1);
        while (listsOfExactly(dir) < target) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "Listed " + dir + " fewer than " + times + " more times; listed " + LISTED);
            }
            Thread.sleep(20);
        }
    }

    private static String stripSlash(String path) {
        return path.length() > 1 && path.endsWith("/")
                ? path.substring(0, path.length() - 1)
                : path;
    }

    /** Files opened for reading since the last {@link #reset}. */
    public static long opens() {
        return OPENS.get();
    }

    static void countOpen() {
        OPENS.incrementAndGet();
    }

    static void countStatus() {
        STATUSES.incrementAndGet();
    }

    public static long lists() {
        return LISTS.get();
    }

    public static long statuses() {
        return STATUSES.get();
    }

    /** {@code countingfile:///abs/dir} for a local directory. */
    public static String uri(java.nio.file.Path dir) {
        return SCHEME + "://" + dir.toAbsolutePath().toUri().getPath();
    }

    public CountingFileSystem() {
        super(SCHEME);
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        LISTS.incrementAndGet();
        LISTED.add(f.toUri().getPath());
        return super.listStatus(f);
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        STATUSES.incrementAndGet();
        return super.getFileStatus(f);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        OPENS.incrementAndGet();
        return super.open(f, bufferSize);
    }

    @Override
    public FSDataInputStream open(Path f) throws IOException {
        OPENS.incrementAndGet();
        return super.open(f);
    }

    /** Found by Flink through {@code META-INF/services}. */
    public static final class Factory implements FileSystemFactory {
        @Override
        public String getScheme() {
            return SCHEME;
        }

        @Override
        public FileSystem create(URI fsUri) {
            return new CountingFileSystem();
        }
    }
}
