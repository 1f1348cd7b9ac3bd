package io.fpsctl.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The process's standard output, remembering why a write failed: the PrintWriter around it only says that one
 * did. A reader that went away ({@code fpsctl analyze big.txt | head}) is not an error worth a message.
 */
final class StandardOutput extends FilterOutputStream {
    private volatile IOException failure;
    private volatile boolean gone;

    private StandardOutput() {
        super(new FileOutputStream(FileDescriptor.out));
    }

    /** A writer on standard output in the platform's console encoding (as {@code System.out}), and its stream. */
    static StandardOutput open() {
        return new StandardOutput();
    }

    PrintWriter writer() {
        String encoding = System.getProperty("sun.stdout.encoding");
        Charset cs = encoding == null ? Charset.defaultCharset() : Charset.forName(encoding);
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(this, cs), 1 << 16), true);
    }

    /** Whether a write failed because nobody reads any more (EPIPE). */
    boolean readerGone() {
        return gone;
    }

    /**
     * Remembers why a write failed; the first EPIPE stops the running command ({@link StopSignal#readerGone()}), and
     * every later write fails at once without a system call (a row loop ends at its next check, never spins).
     */
    private IOException failed(IOException e) {
        failure = e;
        if (!gone && e.getMessage() != null && e.getMessage().contains("Broken pipe")) {
            gone = true;
            StopSignal.readerGone();
        }
        return e;
    }

    private void check() throws IOException {
        IOException e = failure;
        if (gone && e != null) {
            throw e;
        }
    }

    @Override
    public void write(int b) throws IOException {
        check();
        try {
            out.write(b);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        check();
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        check();
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }
}
