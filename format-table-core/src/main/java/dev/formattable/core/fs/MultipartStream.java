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

import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.MultipartUploader;
import org.apache.hadoop.fs.PartHandle;
import org.apache.hadoop.fs.UploadHandle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a multipart upload: buffers up to {@link HadoopMultipartUploads#PART_SIZE} bytes, uploads
 * them as a part, and uploads the rest as the last part when closed for commit.
 */
final class MultipartStream extends TwoPhaseOutputStream {

    private static final Logger LOG = LoggerFactory.getLogger(MultipartStream.class);

    private final FileSystem fs;
    private final MultipartUploader uploader;
    private final UploadHandle handle;
    private final Path target;
    private final FileIO fileIO;
    private final org.apache.hadoop.fs.Path hadoopTarget;
    private final Map<Integer, PartHandle> parts = new LinkedHashMap<>();
    private byte[] buffer = new byte[64 << 10];
    private int buffered;
    private long uploaded;
    private boolean closed;

    MultipartStream(
            FileSystem fs,
            MultipartUploader uploader,
            UploadHandle handle,
            Path target,
            FileIO fileIO) {
        this.fs = fs;
        this.uploader = uploader;
        this.handle = handle;
        this.target = target;
        this.fileIO = fileIO;
        this.hadoopTarget = HadoopMultipartUploads.toHadoop(target);
    }

    @Override
    public long getPos() {
        return uploaded + buffered;
    }

    @Override
    public void write(int b) throws IOException {
        if (buffered == buffer.length) {
            makeRoom(1);
        }
        buffer[buffered++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (buffered == buffer.length) {
                makeRoom(len);
            }
            int n = Math.min(len, buffer.length - buffered);
            System.arraycopy(b, off, buffer, buffered, n);
            buffered += n;
            off += n;
            len -= n;
        }
    }

    /** Grows the buffer up to a part, or uploads the full part. */
    private void makeRoom(int wanted) throws IOException {
        if (buffer.length < HadoopMultipartUploads.PART_SIZE) {
            long size = Math.max((long) buffer.length * 2, (long) buffered + wanted);
            buffer = Arrays.copyOf(buffer, (int) Math.min(size, HadoopMultipartUploads.PART_SIZE));
        } else {
            uploadPart(false);
        }
    }

    private void uploadPart(boolean last) throws IOException {
        int number = parts.size() + 1;
        byte[] bytes = buffer;
        int length = buffered;
        PartHandle part =
                HadoopMultipartUploads.run(
                        () ->
                                uploader.putPart(
                                        handle,
                                        number,
                                        last,
                                        hadoopTarget,
                                        new ByteArrayInputStream(bytes, 0, length),
                                        length),
                        target);
        parts.put(number, part);
        uploaded += buffered;
        buffered = 0;
    }

    @Override
    public FileCommitter closeForCommit() throws IOException {
        if (closed) {
            throw new IOException("The upload of " + target + " is closed");
        }
        closed = true;
        try {
            // A file of whole parts has no rest to upload; an upload needs one part at least.
            if (buffered > 0 || parts.isEmpty()) {
                uploadPart(true);
            }
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        }
        buffer = null;
        long length = uploaded;
        return HadoopMultipartUploads.recover(
                fs, fileIO, target, length, HadoopMultipartUploads.encode(handle, parts, length));
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            buffer = null;
            abort();
        }
    }

    private void abort() {
        try {
            HadoopMultipartUploads.run(() -> uploader.abort(handle, hadoopTarget), target);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not abort the upload of {}", target, e);
        }
    }
}
