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
package dev.formattable.core.scan;

import java.util.concurrent.atomic.AtomicInteger;

/** Counts the file system calls of one planning or clearing run. */
public final class ListingStats {

    private final AtomicInteger listCalls = new AtomicInteger();
    private final AtomicInteger statusCalls = new AtomicInteger();

    void countList() {
        listCalls.incrementAndGet();
    }

    void countStatus() {
        statusCalls.incrementAndGet();
    }

    public int listCalls() {
        return listCalls.get();
    }

    public int statusCalls() {
        return statusCalls.get();
    }
}
