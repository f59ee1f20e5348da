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
package dev.formattable.core.line;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Cuts a stream of a line format into records, within a byte range of its file. The range rule is
 * Hadoop's and Paimon's, so that the readers of consecutive ranges read every record once: a range
 * that does not start at 0 first skips everything up to and including the first line break at or
 * after its start (the previous range reads that record), and a range reads every record that
 * starts at or before its end, to its end, past the range if needed. At the start of a file a UTF-8
 * byte order mark is skipped.
 *
 * <p>The default delimiter ends a record at {@code \n}, {@code \r\n} or {@code \r}; any other
 * delimiter is matched exactly, and a file with one is read whole (as Paimon does). With {@link
 * CsvQuoting}, a delimiter inside a quoted csv field does not end the record, so a value holding a
 * line break is one record (when the range began outside such a value: a range that starts inside
 * one begins reading at a line break within it).
 */
public final class LineReader implements Closeable {

    private static final int BUFFER = 64 * 1024;

    private final InputStream in;
    private final long end;
    private final byte[] delimiter;
    private final CsvQuoting quoting;

    private final byte[] buffer = new byte[BUFFER];
    private int pos;
    private int limit;

    /** The position in the file of {@code buffer[0]}. */
    private long bufferStart;

    private byte[] record = new byte[256];
    private int length;
    private long recordStart;
    private boolean eof;

    /**
     * @param in the file's (decompressed) bytes, positioned at {@code start}
     * @param start where the range starts in the file
     * @param end where it ends: records starting after it are left to the next range; {@link
     *     Long#MAX_VALUE} for the whole file
     * @param delimiter the record delimiter, or null for the default line breaks
     * @param quoting how csv fields are quoted, or null where delimiters are never quoted
     */
    public LineReader(InputStream in, long start, long end, byte[] delimiter, CsvQuoting quoting)
            throws IOException {
        this.in = in;
        this.end = end;
        this.delimiter = delimiter == null ? null : delimiter.clone();
        this.quoting = quoting;
        if (start > 0 && delimiter != null) {
            // A delimiter of several bytes may straddle the start, or overlap itself: where the
            // first record of the range starts is only certain from the file's start.
            throw new IllegalArgumentException(
                    String.format(
                            "A file whose records end with '%s' is read whole, not from byte %d",
                            new String(delimiter, StandardCharsets.UTF_8), start));
        }
        this.bufferStart = start;
        if (start == 0) {
            skipByteOrderMark();
        } else {
            skipFirstLine();
        }
    }

    /** The delimiter bytes a record ends with, or null for the default line breaks. */
    public static byte[] delimiterBytes(String delimiter) {
        return delimiter.equals("\n") || delimiter.equals("\r\n") || delimiter.equals("\r")
                ? null
                : delimiter.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The next record, without its delimiter, or null when none starts in the range. The array is
     * reused by the next call; {@link #length()} bytes of it are the record.
     */
    public byte[] next() throws IOException {
        recordStart = bufferStart + pos;
        if (recordStart > end || (pos >= limit && !fill())) {
            return null;
        }
        length = 0;
        return delimiter == null ? nextLine() : nextDelimited();
    }

    /**
     * A record ending at a line break: the buffer is scanned for the break (outside quotes, for
     * csv) and each scanned stretch copied at once.
     */
    private byte[] nextLine() throws IOException {
        State state = State.FIELD_START;
        // The byte after an escape character is taken as it is, line breaks too.
        boolean escaped = false;
        while (true) {
            if (pos >= limit && !fill()) {
                // The last record of a file without a final line break.
                return record;
            }
            int i = pos;
            byte b = 0;
            if (quoting == null) {
                while (i < limit) {
                    b = buffer[i];
                    if (b == '\n' || b == '\r') {
                        break;
                    }
                    i++;
                }
            } else {
                while (i < limit) {
                    b = buffer[i];
                    if (escaped) {
                        escaped = false;
                    } else if (state == State.IN_QUOTES) {
                        if (quoting.isEscape(b)) {
                            escaped = true;
                        } else if (b == quoting.quote) {
                            state = State.AFTER_QUOTE;
                        }
                    } else if (!quoting.special[b & 0xFF]) {
                        // The bulk of a record: any other byte makes the field unquoted.
                        state = State.UNQUOTED;
                    } else if (b == '\n' || b == '\r') {
                        break;
                    } else {
                        state = quoting.next(state, b);
                        if (state == State.ESCAPED) {
                            escaped = true;
                            state = State.UNQUOTED;
                        }
                    }
                    i++;
                }
            }
            append(pos, i);
            if (i == limit) {
                pos = limit;
                continue;
            }
            pos = i + 1;
            if (b == '\r' && (pos < limit || fill()) && buffer[pos] == '\n') {
                pos++;
            }
            return record;
        }
    }

    /** A record ending at another delimiter, matched byte by byte (such files are read whole). */
    private byte[] nextDelimited() throws IOException {
        State state = State.FIELD_START;
        while (true) {
            if (pos >= limit && !fill()) {
                return record;
            }
            byte b = buffer[pos++];
            if (quoting != null && state == State.IN_QUOTES) {
                append(b);
                if (quoting.isEscape(b)) {
                    if (pos < limit || fill()) {
                        append(buffer[pos++]);
                    }
                } else if (b == quoting.quote) {
                    state = State.AFTER_QUOTE;
                }
                continue;
            }
            append(b);
            if (endsWithDelimiter()) {
                length -= delimiter.length;
                return record;
            }
            if (quoting != null) {
                state = quoting.next(state, b);
                if (state == State.ESCAPED) {
                    if (pos < limit || fill()) {
                        append(buffer[pos++]);
                    }
                    state = State.UNQUOTED;
                }
            }
        }
    }

    /** The length of the record {@link #next()} returned. */
    public int length() {
        return length;
    }

    /** Where in the file the record {@link #next()} returned starts. */
    public long recordStart() {
        return recordStart;
    }

    private boolean endsWithDelimiter() {
        int n = delimiter.length;
        if (length < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (record[length - n + i] != delimiter[i]) {
                return false;
            }
        }
        return true;
    }

    private void append(byte b) {
        if (length == record.length) {
            record = Arrays.copyOf(record, record.length * 2);
        }
        record[length++] = b;
    }

    private void append(int from, int to) {
        int n = to - from;
        if (length + n > record.length) {
            record = Arrays.copyOf(record, Math.max(record.length * 2, length + n));
        }
        System.arraycopy(buffer, from, record, length, n);
        length += n;
    }

    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        bufferStart += limit;
        pos = 0;
        limit = 0;
        while (limit == 0) {
            int n = in.read(buffer, 0, buffer.length);
            if (n < 0) {
                eof = true;
                return false;
            }
            limit = n;
        }
        return true;
    }

    private void skipByteOrderMark() throws IOException {
        // Up to three bytes in the buffer, however the stream hands them out.
        while (limit < 3 && !eof) {
            int n = in.read(buffer, limit, buffer.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
        }
        if (limit >= 3
                && buffer[0] == (byte) 0xEF
                && buffer[1] == (byte) 0xBB
                && buffer[2] == (byte) 0xBF) {
            pos = 3;
        }
    }

    /** Skips up to and including the first line break at or after the range's start. */
    private void skipFirstLine() throws IOException {
        while (pos < limit || fill()) {
            byte b = buffer[pos++];
            if (b == '\n') {
                return;
            }
            if (b == '\r') {
                if ((pos < limit || fill()) && buffer[pos] == '\n') {
                    pos++;
                }
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** Where a csv record's scan is: only a quote at the start of a field opens a quoted value. */
    enum State {
        FIELD_START,
        UNQUOTED,
        IN_QUOTES,
        AFTER_QUOTE,
        ESCAPED
    }

    /**
     * The csv characters that decide where a record ends: the field delimiter (a quote opens a
     * quoted value only at a field's start), the quote and the escape character. Only ASCII
     * characters are looked at; with another, records end at every delimiter.
     */
    public static final class CsvQuoting {
        private final byte field;
        private final byte quote;
        private final byte escape;
        private final boolean escapes;

        /** The bytes that may change the state outside quotes, line breaks included. */
        private final boolean[] special = new boolean[256];

        private CsvQuoting(byte field, byte quote, byte escape, boolean escapes) {
            this.field = field;
            this.quote = quote;
            this.escape = escape;
            this.escapes = escapes;
            for (byte b : new byte[] {field, quote, '\n', '\r'}) {
                special[b & 0xFF] = true;
            }
            if (escapes) {
                special[escape & 0xFF] = true;
            }
        }

        /** The quoting of these csv characters, or null if one of them is not ASCII. */
        public static CsvQuoting of(char field, char quote, char escape) {
            if (field > 0x7F || quote > 0x7F || escape > 0x7F) {
                return null;
            }
            return new CsvQuoting((byte) field, (byte) quote, (byte) escape, true);
        }

        /** The same, for csv without an escape character. */
        public static CsvQuoting withoutEscape(char field, char quote) {
            if (field > 0x7F || quote > 0x7F) {
                return null;
            }
            return new CsvQuoting((byte) field, (byte) quote, (byte) 0, false);
        }

        boolean isEscape(byte b) {
            return escapes && b == escape;
        }

        State next(State state, byte b) {
            switch (state) {
                case FIELD_START:
                    if (b == quote) {
                        return State.IN_QUOTES;
                    }
                    return b == field ? State.FIELD_START : unquoted(b);
                case AFTER_QUOTE:
                    if (b == quote) {
                        // A doubled quote: a quote inside the value.
                        return State.IN_QUOTES;
                    }
                    return b == field ? State.FIELD_START : unquoted(b);
                default:
                    return b == field ? State.FIELD_START : unquoted(b);
            }
        }

        private State unquoted(byte b) {
            return isEscape(b) ? State.ESCAPED : State.UNQUOTED;
        }
    }
}
