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

import org.apache.hadoop.fs.BBPartHandle;
import org.apache.hadoop.fs.BBUploadHandle;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.MultipartUploader;
import org.apache.hadoop.fs.PartHandle;
import org.apache.hadoop.fs.UploadHandle;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Files written as multipart uploads to their final names through Hadoop's {@link
 * MultipartUploader} (S3A has one), published by completing the upload: no copy, no delete, and
 * nothing visible before completion. The pending state ({@value #KIND}, version {@value #VERSION})
 * is the upload handle, the parts' numbers and handles, and the file's length.
 */
public final class HadoopMultipartUploads {

    /** The {@link PendingUpload#kind()} of uploads written here. */
    public static final String KIND = "hadoop-multipart";

    public static final int VERSION = 1;

    /** Bytes buffered before a part is uploaded; S3 takes parts of 5 MiB and more. */
    public static final int PART_SIZE = 8 << 20;

    private HadoopMultipartUploads() {}

    /** Whether {@code fs} writes multipart uploads at {@code path} (S3A does). */
    public static boolean supported(FileSystem fs, org.apache.hadoop.fs.Path path) {
        try {
            return fs.hasPathCapability(path, CommonPathCapabilities.FS_MULTIPART_UPLOADER);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Starts an upload to {@code target}. */
    public static TwoPhaseOutputStream open(FileSystem fs, Path target, FileIO fileIO)
            throws IOException {
        org.apache.hadoop.fs.Path p = toHadoop(target);
        MultipartUploader uploader = fs.createMultipartUploader(p.getParent()).build();
        UploadHandle handle = run(() -> uploader.startUpload(p), target);
        return new MultipartStream(fs, uploader, handle, target, fileIO);
    }

    /** The committer of an upload whose state {@link PendingUpload#state()} holds. */
    public static FileCommitter recover(
            FileSystem fs, FileIO fileIO, Path target, long length, PendingUpload upload)
            throws IOException {
        if (!KIND.equals(upload.kind()) || upload.version() != VERSION) {
            throw new IOException(
                    String.format(
                            "Cannot complete the upload of %s: its state is '%s' version %d, and"
                                    + " this reads '%s' version %d",
                            target, upload.kind(), upload.version(), KIND, VERSION));
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(upload.state()));
        UploadHandle handle = BBUploadHandle.from(ByteBuffer.wrap(readBytes(in)));
        int count = in.readInt();
        Map<Integer, PartHandle> parts = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            int number = in.readInt();
            parts.put(number, BBPartHandle.from(ByteBuffer.wrap(readBytes(in))));
        }
        long written = in.readLong();
        if (written != length) {
            throw new IOException(
                    String.format(
                            "Cannot complete the upload of %s: it holds %d bytes, the commit"
                                    + " message says %d",
                            target, written, length));
        }
        return new MultipartCommitter(fs, fileIO, target, handle, parts, length);
    }

    static org.apache.hadoop.fs.Path toHadoop(Path path) {
        return new org.apache.hadoop.fs.Path(path.scheme(), path.authority(), path.path());
    }

    /** A call into the multipart uploader. */
    @FunctionalInterface
    interface UploaderCall<T> {
        CompletableFuture<T> call() throws IOException;
    }

    /**
     * Runs an uploader call and waits for it, with this class's loader as the thread's context
     * class loader. S3A runs the call on its own threads, which take their context class loader
     * from the thread that made them; the AWS SDK looks up its XML parser through it. A thread made
     * while a Flink job's code ran would keep that job's class loader, which Flink closes when the
     * job ends, and later calls on that thread would fail.
     */
    static <T> T run(UploaderCall<T> call, Path target) throws IOException {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(HadoopMultipartUploads.class.getClassLoader());
        try {
            return await(call.call(), target);
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    static <T> T await(CompletableFuture<T> future, Path target) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted uploading " + target);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException) {
                throw (IOException) cause;
            }
            throw new IOException("Upload to " + target + " failed", cause);
        }
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("Corrupt multipart upload state: length " + length);
        }
        byte[] b = new byte[length];
        in.readFully(b);
        return b;
    }

    static PendingUpload encode(UploadHandle handle, Map<Integer, PartHandle> parts, long length)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        byte[] h = handle.toByteArray();
        out.writeInt(h.length);
        out.write(h);
        out.writeInt(parts.size());
        for (Map.Entry<Integer, PartHandle> e : parts.entrySet()) {
            out.writeInt(e.getKey());
            byte[] p = e.getValue().toByteArray();
            out.writeInt(p.length);
            out.write(p);
        }
        out.writeLong(length);
        out.flush();
        return new PendingUpload(KIND, VERSION, bytes.toByteArray());
    }
}
