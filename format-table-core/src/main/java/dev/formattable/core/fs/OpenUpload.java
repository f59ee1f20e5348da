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
package dev.formattable.core.fs;

/** An upload begun and neither completed nor aborted: invisible, but stored and billed. */
public final class OpenUpload {

    private final Path target;
    private final String uploadId;
    private final long startedMillis;

    public OpenUpload(Path target, String uploadId, long startedMillis) {
        this.target = target;
        this.uploadId = uploadId;
        this.startedMillis = startedMillis;
    }

    /** The path the upload would publish. */
    public Path target() {
        return target;
    }

    public String uploadId() {
        return uploadId;
    }

    /** When the upload began, in milliseconds since the epoch. */
    public long startedMillis() {
        return startedMillis;
    }

    @Override
    public String toString() {
        return "upload " + uploadId + " to " + target;
    }
}
