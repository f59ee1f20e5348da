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

/**
 * What an upload whose completion failed after a restore had become: already at its final name with
 * its length (published by an earlier try), or gone (the store does not know the upload, and no
 * object is at its name: aborted, expired, or published and then deleted).
 */
public final class PublishedCheck {

    private PublishedCheck() {}

    /** Whether the store answered that it does not know the upload (S3's NoSuchUpload, a 404). */
    static boolean notFound(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof FileNotFoundException) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param failure the completion's error, thrown again when the file is neither published nor
     *     gone
     */
    public static FileCommitter.Outcome after(
            FileIO fileIO, Path target, long length, IOException failure) throws IOException {
        FileStatus status;
        try {
            status = fileIO.getStatus(target);
        } catch (FileNotFoundException e) {
            // Stores answer an unknown upload differently (S3: 404 NoSuchUpload; s3proxy: 400
            // InvalidPart), so ask whether it is still there before calling it gone.
            if (notFound(failure) || fileIO.uploadsTo(target).isEmpty()) {
                return FileCommitter.Outcome.VANISHED;
            }
            // Not published and still pending: a failure to retry.
            throw failure;
        }
        if (status.length() == length) {
            return FileCommitter.Outcome.ALREADY_PUBLISHED;
        }
        throw new IOException(
                String.format(
                        "Could not complete the upload of %s, and the file there has %d bytes,"
                                + " not the upload's %d",
                        target, status.length(), length),
                failure);
    }
}
