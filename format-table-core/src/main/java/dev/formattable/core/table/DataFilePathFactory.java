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
package dev.formattable.core.table;

import dev.formattable.core.fs.Path;
import dev.formattable.core.options.TableOptions;

import java.util.Optional;
import java.util.UUID;

/**
 * Names the files of one writer. A target is {@code <prefix><uuid>-<n>.<ext>}, with the writer's
 * uuid and a counter; its staged file is {@code _temporary/.<target>.<token>.<uuid>.tmp} beside it,
 * a hidden name in a hidden directory that no scan reads. The staging token names who staged the
 * file (for a job, the same on all its writers), so what a failed attempt left behind can be found
 * and removed.
 */
public final class DataFilePathFactory {

    /** The staging directory beside each target. */
    public static final String STAGING_DIR = "_temporary";

    private static final String STAGED_SUFFIX = ".tmp";

    private final String prefix;
    private final String extension;
    private final String writeId;
    private String stagingToken;
    private long counter;

    public DataFilePathFactory(TableOptions options) {
        this(options, UUID.randomUUID().toString(), UUID.randomUUID().toString());
    }

    public DataFilePathFactory(TableOptions options, String writeId, String stagingToken) {
        this.prefix = options.dataFilePrefix();
        this.extension = extension(options);
        this.writeId = writeId;
        setStagingToken(stagingToken);
    }

    /** The token of the files staged from now on. */
    public void setStagingToken(String token) {
        if (token.isEmpty() || token.contains(".") || token.contains("/")) {
            throw new IllegalArgumentException(
                    "A staging token must be non-empty without '.' or '/': '" + token + "'");
        }
        this.stagingToken = token;
    }

    static String extension(TableOptions options) {
        String format = options.format().identifier();
        if (options.format().lineBased()) {
            // As Paimon names them, whatever 'file.suffix.include.compression' says: a reader
            // finds the compression of a line format's file by this suffix.
            String suffix = options.lineCompression().suffix();
            return suffix.isEmpty() ? "." + format : "." + format + "." + suffix;
        }
        if (!options.fileSuffixIncludeCompression()) {
            return "." + format;
        }
        String codec = compressionExtension(options.compression());
        return codec.isEmpty() ? "." + format : "." + codec + "." + format;
    }

    private static String compressionExtension(String compression) {
        switch (compression) {
            case "none":
            case "uncompressed":
                return "";
            case "zstd":
                return "zst";
            case "gzip":
                return "gz";
            default:
                return compression;
        }
    }

    public String writeId() {
        return writeId;
    }

    /** The next target file in a directory. */
    public Path newTarget(Path directory) {
        return directory.child(prefix + writeId + "-" + (counter++) + extension);
    }

    /** Where a target's file is written before the commit publishes it. */
    public Path stagedPathFor(Path target) {
        return target.parent()
                .child(STAGING_DIR)
                .child(
                        "."
                                + target.name()
                                + "."
                                + stagingToken
                                + "."
                                + UUID.randomUUID()
                                + STAGED_SUFFIX);
    }

    /** The name of the target a staged file's name stands for, if it is one. */
    public static Optional<String> targetNameOfStaged(String fileName) {
        return stagingTokenOf(fileName)
                .map(
                        token -> {
                            String rest =
                                    fileName.substring(
                                            1, fileName.length() - STAGED_SUFFIX.length());
                            int tokenDot = rest.lastIndexOf('.', rest.lastIndexOf('.') - 1);
                            return rest.substring(0, tokenDot);
                        });
    }

    /** The staging token of a staged file's name, if it is one. */
    public static Optional<String> stagingTokenOf(String fileName) {
        if (!fileName.startsWith(".") || !fileName.endsWith(STAGED_SUFFIX)) {
            return Optional.empty();
        }
        String rest = fileName.substring(0, fileName.length() - STAGED_SUFFIX.length());
        int uuidDot = rest.lastIndexOf('.');
        int tokenDot = uuidDot <= 0 ? -1 : rest.lastIndexOf('.', uuidDot - 1);
        if (tokenDot <= 0) {
            return Optional.empty();
        }
        return Optional.of(rest.substring(tokenDot + 1, uuidDot));
    }

    /** Whether {@code staged} is a staging path that may belong to {@code target}. */
    public static boolean isStagedPathOf(Path staged, Path target) {
        Path dir = staged.parent();
        return dir != null
                && dir.name().equals(STAGING_DIR)
                && dir.parent() != null
                && dir.parent().equals(target.parent())
                && staged.name().startsWith("." + target.name() + ".")
                && staged.name().endsWith(STAGED_SUFFIX);
    }
}
