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

import java.net.URL;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts how often Hadoop's default configuration files are looked up while an action runs: each
 * {@code Configuration(true)} that is read looks up {@code core-default.xml} and {@code
 * core-site.xml} through the thread's context class loader (threads started meanwhile inherit it).
 */
public final class ConfigurationParses {

    /** An action that may fail. */
    @FunctionalInterface
    public interface Action {
        void run() throws Exception;
    }

    private ConfigurationParses() {}

    /** The lookups of Hadoop's default configuration files while {@code action} ran. */
    public static int during(Action action) throws Exception {
        CountingLoader loader = new CountingLoader(Thread.currentThread().getContextClassLoader());
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        try {
            action.run();
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
        return loader.lookups.get();
    }

    private static final class CountingLoader extends ClassLoader {
        final AtomicInteger lookups = new AtomicInteger();

        CountingLoader(ClassLoader parent) {
            super(parent);
        }

        @Override
        public URL getResource(String name) {
            if (name.equals("core-default.xml") || name.equals("core-site.xml")) {
                lookups.incrementAndGet();
            }
            return super.getResource(name);
        }
    }
}
