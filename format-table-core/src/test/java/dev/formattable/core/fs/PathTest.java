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

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PathTest {

    @Test
    void parsesSchemeAuthorityAndPath() {
        Path p = Path.of("hdfs://nn:8020/a/b");
        assertThat(p.scheme()).isEqualTo("hdfs");
        assertThat(p.authority()).isEqualTo("nn:8020");
        assertThat(p.path()).isEqualTo("/a/b");
        assertThat(p.isAbsolute()).isTrue();
        assertThat(p.toString()).isEqualTo("hdfs://nn:8020/a/b");
    }

    @Test
    void parsesObjectStorePath() {
        Path p = Path.of("s3://bucket/x");
        assertThat(p.scheme()).isEqualTo("s3");
        assertThat(p.authority()).isEqualTo("bucket");
        assertThat(p.path()).isEqualTo("/x");
        assertThat(p.toString()).isEqualTo("s3://bucket/x");
    }

    @Test
    void bucketRootIsSlash() {
        Path p = Path.of("s3://bucket");
        assertThat(p.authority()).isEqualTo("bucket");
        assertThat(p.path()).isEqualTo("/");
        assertThat(p.parent()).isNull();
    }

    @Test
    void parsesSchemeWithoutAuthority() {
        Path p = Path.of("file:/tmp/x");
        assertThat(p.scheme()).isEqualTo("file");
        assertThat(p.authority()).isNull();
        assertThat(p.path()).isEqualTo("/tmp/x");
        assertThat(p.toString()).isEqualTo("file:/tmp/x");
    }

    @Test
    void parsesEmptyAuthorityAsNone() {
        Path p = Path.of("file:///tmp/x");
        assertThat(p.scheme()).isEqualTo("file");
        assertThat(p.authority()).isNull();
        assertThat(p.path()).isEqualTo("/tmp/x");
        assertThat(p).isEqualTo(Path.of("file:/tmp/x"));
    }

    @Test
    void parsesPlainAbsolutePath() {
        Path p = Path.of("/tmp/x");
        assertThat(p.scheme()).isNull();
        assertThat(p.authority()).isNull();
        assertThat(p.path()).isEqualTo("/tmp/x");
        assertThat(p.isAbsolute()).isTrue();
        assertThat(p.toString()).isEqualTo("/tmp/x");
    }

    @Test
    void parsesRelativePath() {
        Path p = Path.of("a/b");
        assertThat(p.scheme()).isNull();
        assertThat(p.authority()).isNull();
        assertThat(p.path()).isEqualTo("a/b");
        assertThat(p.isAbsolute()).isFalse();
        assertThat(p.toString()).isEqualTo("a/b");
    }

    @Test
    void refusesEmptyText() {
        assertThatThrownBy(() -> Path.of("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void childParentAndName() {
        Path p = Path.of("hdfs://nn:8020/a/b");
        Path child = p.child("c");
        assertThat(child.toString()).isEqualTo("hdfs://nn:8020/a/b/c");
        assertThat(child.name()).isEqualTo("c");
        assertThat(child.parent()).isEqualTo(p);
        assertThat(p.parent().toString()).isEqualTo("hdfs://nn:8020/a");
        assertThat(p.parent().parent().toString()).isEqualTo("hdfs://nn:8020/");
        assertThat(p.parent().parent().parent()).isNull();
        assertThat(p.name()).isEqualTo("b");
    }

    @Test
    void childOfRoot() {
        Path root = Path.of("/");
        assertThat(root.child("x").path()).isEqualTo("/x");
        assertThat(root.child("x").parent()).isEqualTo(root);
        assertThat(root.parent()).isNull();
    }

    @Test
    void parentOfRelativePaths() {
        assertThat(Path.of("a/b").parent()).isEqualTo(Path.of("a"));
        assertThat(Path.of("a").parent()).isNull();
        assertThat(Path.of("a").name()).isEqualTo("a");
    }

    @Test
    void childRefusesSlashesAndEmptyNames() {
        Path p = Path.of("/a");
        assertThatThrownBy(() -> p.child("b/c"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("b/c");
        assertThatThrownBy(() -> p.child("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void normalisesDuplicateAndTrailingSlashes() {
        assertThat(Path.of("/a//b///c/").path()).isEqualTo("/a/b/c");
        assertThat(Path.of("hdfs://nn:8020//a//b/").toString()).isEqualTo("hdfs://nn:8020/a/b");
        assertThat(Path.of("a//b/").path()).isEqualTo("a/b");
        assertThat(Path.of("//").path()).isEqualTo("/");
        assertThat(Path.of("/a/b/")).isEqualTo(Path.of("/a/b"));
        assertThat(Path.of("/a/b").resolve("c//d/").path()).isEqualTo("/a/b/c/d");
    }

    @Test
    void percentInNameIsKeptLiterally() {
        Path p = Path.of("s3://bucket/t/a=x%2Fy");
        assertThat(p.name()).isEqualTo("a=x%2Fy");
        assertThat(p.path()).isEqualTo("/t/a=x%2Fy");
        assertThat(p.toString()).isEqualTo("s3://bucket/t/a=x%2Fy");
        Path child = Path.of("/t").child("a=x%2Fy");
        assertThat(child.name()).isEqualTo("a=x%2Fy");
        assertThat(child.path()).isEqualTo("/t/a=x%2Fy");
    }

    @Test
    void fromUriTakesDecodedPath() {
        Path p = Path.fromUri(java.net.URI.create("hdfs://nn:8020/t/a=x%252Fy"));
        assertThat(p.name()).isEqualTo("a=x%2Fy");
        assertThat(p.authority()).isEqualTo("nn:8020");
    }

    @Test
    void strictlyBelow() {
        Path table = Path.of("/t");
        assertThat(Path.of("/t/x").isStrictlyBelow(table)).isTrue();
        assertThat(Path.of("/t/x/y").isStrictlyBelow(table)).isTrue();
        assertThat(Path.of("/t").isStrictlyBelow(table)).isFalse();
        assertThat(Path.of("/t/").isStrictlyBelow(table)).isFalse();
        assertThat(Path.of("/t2/x").isStrictlyBelow(table)).isFalse();
        assertThat(Path.of("/t2").isStrictlyBelow(table)).isFalse();
        assertThat(Path.of("/").isStrictlyBelow(table)).isFalse();
        assertThat(Path.of("/x").isStrictlyBelow(Path.of("/"))).isTrue();
    }

    @Test
    void strictlyBelowComparesSchemeAndAuthority() {
        Path table = Path.of("hdfs://nn:8020/t");
        assertThat(Path.of("hdfs://nn:8020/t/x").isStrictlyBelow(table)).isTrue();
        assertThat(Path.of("s3://nn:8020/t/x").isStrictlyBelow(table)).isFalse();
        assertThat(Path.of("hdfs://other:8020/t/x").isStrictlyBelow(table)).isFalse();
        assertThat(Path.of("file:/t/x").isStrictlyBelow(Path.of("s3://b/t"))).isFalse();
        // Where one side names no scheme, the paths are compared alone.
        assertThat(Path.of("/t/x").isStrictlyBelow(table)).isTrue();
    }

    @Test
    void relativeTo() {
        Path table = Path.of("s3://bucket/t");
        assertThat(Path.of("s3://bucket/t/dt=1/h=2/f.parquet").relativeTo(table))
                .isEqualTo("dt=1/h=2/f.parquet");
        assertThat(Path.of("/x/y").relativeTo(Path.of("/"))).isEqualTo("x/y");
        assertThatThrownBy(() -> Path.of("/t2/x").relativeTo(Path.of("/t")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("/t2/x")
                .hasMessageContaining("does not lie below /t");
        assertThatThrownBy(() -> Path.of("/t").relativeTo(Path.of("/t")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void dotSegments() {
        assertThat(Path.of("/a/./b").hasDotSegment()).isTrue();
        assertThat(Path.of("/a/../b").hasDotSegment()).isTrue();
        assertThat(Path.of("..").hasDotSegment()).isTrue();
        assertThat(Path.of("/a/b/.").hasDotSegment()).isTrue();
        assertThat(Path.of("/a/.b").hasDotSegment()).isFalse();
        assertThat(Path.of("/a/..b/c..").hasDotSegment()).isFalse();
        assertThat(Path.of("/a/b").hasDotSegment()).isFalse();
    }

    @Test
    void equalityAndOrder() {
        assertThat(Path.of("hdfs://nn/a")).isEqualTo(new Path("hdfs", "nn", "/a"));
        assertThat(Path.of("hdfs://nn/a")).hasSameHashCodeAs(new Path("hdfs", "nn", "/a"));
        assertThat(Path.of("hdfs://nn/a")).isNotEqualTo(Path.of("/a"));
        assertThat(Path.of("/a").compareTo(Path.of("/b"))).isNegative();
    }
}
