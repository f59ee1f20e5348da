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
import java.net.URI;
import java.util.Objects;

/**
 * An immutable location in a file system: an optional scheme and authority plus a slash-separated
 * path.
 *
 * <p>Unlike {@link URI}, the path is kept as literal text and never decoded, so a partition
 * directory named {@code a=x%2Fy} stays exactly that. A path is normalised to have no duplicate
 * slashes and no trailing slash (except the root {@code /}).
 */
public final class Path implements Serializable, Comparable<Path> {

    private static final long serialVersionUID = 1L;

    private final String scheme;
    private final String authority;
    private final String path;

    public Path(String scheme, String authority, String path) {
        this.scheme = emptyToNull(scheme);
        this.authority = emptyToNull(authority);
        this.path = normalize(Objects.requireNonNull(path, "path"));
        if (this.path.isEmpty()) {
            throw new IllegalArgumentException("A path must not be empty.");
        }
    }

    /**
     * Parses {@code scheme://authority/path}, {@code scheme:/path}, or a plain (absolute or
     * relative) path. The path part is taken literally.
     */
    public static Path of(String text) {
        Objects.requireNonNull(text, "text");
        if (text.isEmpty()) {
            throw new IllegalArgumentException("A path must not be empty.");
        }
        int colon = text.indexOf(':');
        int slash = text.indexOf('/');
        // A colon before the first slash marks a scheme, except for a Windows drive letter.
        if (colon > 1 && (slash < 0 || colon < slash)) {
            String scheme = text.substring(0, colon);
            String rest = text.substring(colon + 1);
            if (rest.startsWith("//")) {
                int end = rest.indexOf('/', 2);
                String authority = end < 0 ? rest.substring(2) : rest.substring(2, end);
                String p = end < 0 ? "/" : rest.substring(end);
                return new Path(scheme, authority, p);
            }
            return new Path(scheme, null, rest);
        }
        return new Path(null, null, text);
    }

    /** Builds a path from a URI whose path part is already decoded (as Hadoop hands them out). */
    public static Path fromUri(URI uri) {
        return new Path(uri.getScheme(), uri.getAuthority(), uri.getPath());
    }

    public Path child(String name) {
        if (name.isEmpty() || name.indexOf('/') >= 0) {
            throw new IllegalArgumentException("Not a single path segment: '" + name + "'");
        }
        return new Path(scheme, authority, path.equals("/") ? "/" + name : path + "/" + name);
    }

    /** Appends a relative, slash-separated path. */
    public Path resolve(String relative) {
        if (relative.isEmpty()) {
            return this;
        }
        return new Path(scheme, authority, path + "/" + relative);
    }

    /** The parent, or {@code null} for a root or a single relative segment. */
    public Path parent() {
        int idx = path.lastIndexOf('/');
        if (idx < 0 || path.equals("/")) {
            return null;
        }
        return new Path(scheme, authority, idx == 0 ? "/" : path.substring(0, idx));
    }

    /** The last segment of the path. */
    public String name() {
        int idx = path.lastIndexOf('/');
        return idx < 0 ? path : path.substring(idx + 1);
    }

    public String scheme() {
        return scheme;
    }

    public String authority() {
        return authority;
    }

    /** The literal path part, without scheme and authority. */
    public String path() {
        return path;
    }

    public boolean isAbsolute() {
        return path.startsWith("/");
    }

    /**
     * Whether this path lies strictly below {@code ancestor}, judged on the text of both. Scheme
     * and authority must agree where both name one.
     */
    public boolean isStrictlyBelow(Path ancestor) {
        if (!sameOrUnset(scheme, ancestor.scheme) || !sameOrUnset(authority, ancestor.authority)) {
            return false;
        }
        String prefix = ancestor.path.endsWith("/") ? ancestor.path : ancestor.path + "/";
        return path.startsWith(prefix) && path.length() > prefix.length();
    }

    /** The part of this path below {@code ancestor}, which it must lie strictly below. */
    public String relativeTo(Path ancestor) {
        if (!isStrictlyBelow(ancestor)) {
            throw new IllegalArgumentException(this + " does not lie below " + ancestor);
        }
        String prefix = ancestor.path.endsWith("/") ? ancestor.path : ancestor.path + "/";
        return path.substring(prefix.length());
    }

    /** Whether any segment of the path is {@code .} or {@code ..}. */
    public boolean hasDotSegment() {
        for (String segment : path.split("/")) {
            if (segment.equals(".") || segment.equals("..")) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameOrUnset(String a, String b) {
        return a == null || b == null || a.equals(b);
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    private static String normalize(String p) {
        String s = p.replaceAll("/{2,}", "/");
        if (s.length() > 1 && s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }

    @Override
    public int compareTo(Path o) {
        return toString().compareTo(o.toString());
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Path)) {
            return false;
        }
        Path other = (Path) o;
        return Objects.equals(scheme, other.scheme)
                && Objects.equals(authority, other.authority)
                && path.equals(other.path);
    }

    @Override
    public int hashCode() {
        return Objects.hash(scheme, authority, path);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (scheme != null) {
            sb.append(scheme).append(':');
        }
        if (authority != null) {
            sb.append("//").append(authority);
        }
        return sb.append(path).toString();
    }
}
