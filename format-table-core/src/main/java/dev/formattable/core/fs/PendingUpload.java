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

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * What completing a file written straight to its final name needs (on S3, the multipart upload's id
 * and its parts), as the {@link FileIO} that wrote it encoded it: a kind naming the encoding, the
 * encoding's version and its bytes. Only a {@code FileIO} of the same kind reads it (see {@link
 * FileIO#recoverCommitter}); everyone else carries it as it is.
 */
public final class PendingUpload implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String kind;
    private final int version;
    private final byte[] state;

    public PendingUpload(String kind, int version, byte[] state) {
        this.kind = Objects.requireNonNull(kind);
        this.version = version;
        this.state = state.clone();
    }

    /** The encoding, for example {@code hadoop-multipart}. */
    public String kind() {
        return kind;
    }

    public int version() {
        return version;
    }

    public byte[] state() {
        return state.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PendingUpload)) {
            return false;
        }
        PendingUpload u = (PendingUpload) o;
        return kind.equals(u.kind) && version == u.version && Arrays.equals(state, u.state);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hash(kind, version) + Arrays.hashCode(state);
    }

    @Override
    public String toString() {
        return kind + " v" + version + " (" + state.length + " bytes)";
    }
}
