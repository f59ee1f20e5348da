package dev.formattable.core.write;

import dev.formattable.core.fs.Path;
import dev.formattable.core.options.TableOptions;

import java.util.UUID;

/**
 * Names the files of one writer. A target is {@code <prefix><uuid>-<n>.<ext>}, with the writer's
 * uuid and a counter; its staged file is {@code _temporary/.<target>.<uuid>.tmp} beside it, a
 * hidden name in a hidden directory that no scan reads.
 */
public final class DataFilePathFactory {

    /** The staging directory beside each target. */
    public static final String STAGING_DIR = "_temporary";

    private static final String STAGED_SUFFIX = ".tmp";

    private final String prefix;
    private final String extension;
    private final String writeId;
    private long counter;

    public DataFilePathFactory(TableOptions options) {
        this(options, UUID.randomUUID().toString());
    }

    public DataFilePathFactory(TableOptions options, String writeId) {
        this.prefix = options.dataFilePrefix();
        this.extension = extension(options);
        this.writeId = writeId;
    }

    static String extension(TableOptions options) {
        String format = options.format().identifier();
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
    public static Path stagedPathFor(Path target) {
        return target.parent()
                .child(STAGING_DIR)
                .child("." + target.name() + "." + UUID.randomUUID() + STAGED_SUFFIX);
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
