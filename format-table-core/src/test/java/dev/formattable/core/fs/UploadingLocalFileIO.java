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

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A local file system that writes files as an object store's uploads do: to a pending object in a
 * store directory outside every table ({@code uploads}), invisible at the target until completed,
 * which moves it there in one step; completing an upload the store no longer knows fails with
 * {@link FileNotFoundException}, as S3 answers NoSuchUpload. For testing the core's upload protocol
 * without an S3 server.
 */
public final class UploadingLocalFileIO extends LocalFileIO {

    static final String KIND = "test-upload";

    private final java.nio.file.Path uploads;

    /**
     * @param uploads where pending uploads are kept, outside any table
     */
    public UploadingLocalFileIO(java.nio.file.Path uploads) {
        this.uploads = uploads;
    }

    @Override
    public boolean uploadsToTarget(Path target) {
        return true;
    }

    @Override
    public TwoPhaseOutputStream newTwoPhaseOutputStream(Path target, Path staged)
            throws IOException {
        String id = UUID.randomUUID().toString();
        Files.createDirectories(uploads);
        // The target's path next to the data, so listing the store can name it.
        Files.writeString(uploads.resolve(id + ".target"), target.toString());
        return new ForwardingTwoPhaseOutputStream(newOutputStream(pending(id), false)) {
            @Override
            protected FileCommitter finish() throws IOException {
                delegate().close();
                return committer(target, delegate().getPos(), id);
            }

            @Override
            protected void discard() {
                abort(id);
            }
        };
    }

    @Override
    public FileCommitter recoverCommitter(
            Path staged, Path target, long length, PendingUpload upload) throws IOException {
        if (upload == null) {
            return super.recoverCommitter(staged, target, length, null);
        }
        if (!KIND.equals(upload.kind())) {
            throw new IOException("Not a test upload: " + upload);
        }
        return committer(target, length, new String(upload.state(), StandardCharsets.UTF_8));
    }

    @Override
    public List<OpenUpload> listUploads(Path prefix) throws IOException {
        List<OpenUpload> open = new ArrayList<>();
        if (!Files.isDirectory(uploads)) {
            return open;
        }
        try (var files = Files.list(uploads)) {
            for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
                String name = f.getFileName().toString();
                if (name.endsWith(".target")) {
                    Path target = Path.of(Files.readString(f));
                    String id = name.substring(0, name.length() - ".target".length());
                    if (target.toString().startsWith(prefix.toString() + "/")) {
                        open.add(
                                new OpenUpload(
                                        target, id, Files.getLastModifiedTime(f).toMillis()));
                    }
                }
            }
        }
        return open;
    }

    @Override
    public List<OpenUpload> uploadsTo(Path target) throws IOException {
        List<OpenUpload> to = new ArrayList<>();
        for (OpenUpload u : listUploads(target.parent())) {
            if (u.target().equals(target)) {
                to.add(u);
            }
        }
        return to;
    }

    @Override
    public void abortUpload(OpenUpload upload) {
        abort(upload.uploadId());
    }

    /** The uploads neither completed nor aborted. */
    public int openUploads() throws IOException {
        if (!Files.isDirectory(uploads)) {
            return 0;
        }
        try (var files = Files.list(uploads)) {
            return (int) files.filter(f -> f.toString().endsWith(".target")).count();
        }
    }

    private Path pending(String id) {
        return Path.of(uploads.resolve(id + ".data").toString());
    }

    private void abort(String id) {
        try {
            Files.deleteIfExists(uploads.resolve(id + ".data"));
            Files.deleteIfExists(uploads.resolve(id + ".target"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private FileCommitter committer(Path target, long length, String id) {
        return new UploadCommitter(this, target, length) {
            @Override
            public void commit() throws IOException {
                if (!Files.exists(uploads.resolve(id + ".data"))) {
                    throw new FileNotFoundException("NoSuchUpload " + id + " for " + target);
                }
                mkdirs(target.parent());
                rename(pending(id), target);
                Files.deleteIfExists(uploads.resolve(id + ".target"));
            }

            @Override
            public void discard() {
                abort(id);
            }

            @Override
            public Optional<PendingUpload> pendingUpload() {
                return Optional.of(new PendingUpload(KIND, 1, id.getBytes(StandardCharsets.UTF_8)));
            }
        };
    }
}
