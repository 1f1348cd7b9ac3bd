package io.fpsctl.cli;

import io.fpsctl.capture.StopSignal;
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
    /** Who reads standard output when it is a pipe; looked up at the first {@link #checkReader}. */
    private PipeReaders readers;

    private StandardOutput() {
        super(new FileOutputStream(FileDescriptor.out));
    }

    /** A writer on standard output in the platform's console encoding (as {@code System.out}), and its stream. */
    static StandardOutput open() {
        return new StandardOutput();
    }

    PrintWriter writer() {
        Charset cs = charset(System.out, "stdout");
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(this, cs), 1 << 16), true);
    }

    /**
     * The encoding the JVM gave its own {@code System.out} / {@code System.err} ({@code stream} "stdout" / "stderr"),
     * so fpsctl's writer and its 8-bit guard ({@code text/EightBitC1}) agree with what reaches the terminal. From JDK 18
     * the stream says so itself ({@code PrintStream.charset()}: on JDK 19+ that is {@code stdout.encoding}, which
     * defaults to {@code native.encoding} while the default charset is UTF-8, JEP 400); on JDK 17 it is read as
     * {@code System.initPhase1} chose it there: {@code sun.stdout.encoding} (set only on a console), else the default
     * charset ({@code file.encoding}). A {@code -Dstdout.encoding} given to JDK 17 is ignored by it, and so here.
     */
    static Charset charset(java.io.PrintStream jvmStream, String stream) {
        try {
            Object cs = java.io.PrintStream.class.getMethod("charset").invoke(jvmStream);
            if (cs instanceof Charset) {
                return (Charset) cs;
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // JDK 17: no PrintStream.charset(); read the properties below
        }
        return charset(System::getProperty, stream);
    }

    /** The JDK 17 reading of {@link #charset(java.io.PrintStream, String)}, from {@code properties}. */
    static Charset charset(java.util.function.UnaryOperator<String> properties, String stream) {
        String encoding = properties.apply("sun." + stream + ".encoding");
        if (encoding != null) {
            try {
                return Charset.forName(encoding);
            } catch (IllegalArgumentException e) {
                // an unknown name: JDK 17's newPrintStream falls back to the default charset the same way
            }
        }
        return Charset.defaultCharset();
    }

    /** Whether a write failed because nobody reads any more (EPIPE). */
    boolean readerGone() {
        return gone;
    }

    /**
     * Between writes: when standard output is a pipe that nobody reads any more ({@link PipeReaders}, Linux), stops
     * the running command as its next write would ({@link StopSignal#readerGone()}, exit 141, no message), and fails
     * every later write at once. Cheap after the first call (one link read per reader); a command that writes
     * rarely calls it every 200 ms or so (the poll loop, {@code CaptureSession#checkEvery}).
     */
    void checkReader() {
        if (gone) {
            return;
        }
        PipeReaders r;
        synchronized (this) {
            if (readers == null) {
                readers = PipeReaders.ofStandardOutput();
            }
            r = readers;
        }
        if (r.gone()) {
            failed(new IOException("Broken pipe (nobody reads standard output any more)"));
        }
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
