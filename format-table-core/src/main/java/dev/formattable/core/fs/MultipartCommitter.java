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

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/** Completes (or aborts) one multipart upload written by {@link MultipartStream}. */
final class MultipartCommitter extends UploadCommitter {

    private static final Logger LOG = LoggerFactory.getLogger(MultipartCommitter.class);

    private final FileSystem fs;
    private final Path target;
    private final UploadHandle handle;
    private final Map<Integer, PartHandle> parts;
    private final long length;

    MultipartCommitter(
            FileSystem fs,
            FileIO fileIO,
            Path target,
            UploadHandle handle,
            Map<Integer, PartHandle> parts,
            long length) {
        super(fileIO, target, length);
        this.fs = fs;
        this.target = target;
        this.handle = handle;
        this.parts = parts;
        this.length = length;
    }

    private MultipartUploader uploader() throws IOException {
        return fs.createMultipartUploader(HadoopMultipartUploads.toHadoop(target.parent())).build();
    }

    @Override
    public void commit() throws IOException {
        try (MultipartUploader uploader = uploader()) {
            HadoopMultipartUploads.run(
                    () -> uploader.complete(handle, HadoopMultipartUploads.toHadoop(target), parts),
                    target);
        }
    }

    @Override
    public void discard() {
        try (MultipartUploader uploader = uploader()) {
            HadoopMultipartUploads.run(
                    () -> uploader.abort(handle, HadoopMultipartUploads.toHadoop(target)), target);
        } catch (FileNotFoundException e) {
            LOG.debug("The upload of {} was gone already", target);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not abort the upload of {}", target, e);
        }
    }

    @Override
    public Optional<PendingUpload> pendingUpload() {
        try {
            return Optional.of(HadoopMultipartUploads.encode(handle, parts, length));
        } catch (IOException e) {
            throw new IllegalStateException("Encoding the upload of " + target + " failed", e);
        }
    }
}
