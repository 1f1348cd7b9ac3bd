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
        IOException e = failure;
        return e != null && e.getMessage() != null && e.getMessage().contains("Broken pipe");
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }
}
