package dev.formattable.bench;

import dev.formattable.flink.testutils.CountingFileSystem;

import org.apache.hadoop.fs.RawLocalFileSystem;

import java.net.URI;

/**
 * {@code countingfile://} for Hadoop (registered in core-site.xml), so that libraries which open
 * files with Hadoop's file system rather than Flink's (Flink's parquet statistics read footers that
 * way) reach the same local files. It counts nothing: only Flink's file system lists.
 */
public final class CountingHadoopFileSystem extends RawLocalFileSystem {

    private static final URI URI_ROOT = URI.create(CountingFileSystem.SCHEME + ":///");

    @Override
    public URI getUri() {
        return URI_ROOT;
    }

    @Override
    public String getScheme() {
        return CountingFileSystem.SCHEME;
    }
}
