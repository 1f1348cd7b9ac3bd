package io.fpsctl.sink;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * An output file that only ever holds whole lines (CSV rows): bytes are kept until their line is complete and
 * then written; if a write fails (disk full) the file is cut back to its last complete line, so a reader never
 * sees a partial row. A file this class created and could not write anything to is removed when closed, so a
 * failed start leaves no empty file. Device nodes and FIFOs are written through (no cut-back).
 */
public final class WholeLinesFile extends OutputStream {
    private static final int FLUSH_AT = 1 << 16;

    private final Path path;
    private final SeekableByteChannel channel;
    private final boolean regular;
    private final boolean created;
    private byte[] pending = new byte[8192];
    private int count;
    private long committed;
    private boolean failed;
    private boolean closed;

    WholeLinesFile(Path path, SeekableByteChannel channel, boolean regular, boolean created) {
        this.path = path;
        this.channel = channel;
        this.regular = regular;
        this.created = created;
    }

    /** Creates or truncates {@code path} (a regular file), or opens a device node or FIFO for writing. */
    public static WholeLinesFile open(Path path) throws IOException {
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            Files.createDirectories(parent);
        }
        boolean exists = Files.exists(path);
        boolean regular = !exists || Files.isRegularFile(path);
        SeekableByteChannel ch = regular
                ? Files.newByteChannel(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)
                : Files.newByteChannel(path, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        return new WholeLinesFile(path, ch, regular, !exists && !Files.isSymbolicLink(path));
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (count + len > pending.length) {
            pending = Arrays.copyOf(pending, Math.max(pending.length * 2, count + len));
        }
        System.arraycopy(b, off, pending, count, len);
        count += len;
        if (count >= FLUSH_AT) {
            writeLines(false);
        }
    }

    /** Writes every complete line held so far (a partial last line waits for its end). */
    @Override
    public void flush() throws IOException {
        writeLines(false);
    }

    private void writeLines(boolean all) throws IOException {
        if (failed) {
            throw new IOException(path + ": an earlier write failed");
        }
        int end = all ? count : lastNewline() + 1;
        if (end <= 0) {
            return;
        }
        ByteBuffer buf = ByteBuffer.wrap(pending, 0, end);
        try {
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
        } catch (IOException e) {
            failed = true;
            if (regular) {
                try {
                    channel.truncate(committed); // a partial row never stays in the file
                } catch (IOException ignored) {
                    e.addSuppressed(ignored);
                }
            }
            throw AtomicFile.named(path, e);
        }
        committed += end;
        System.arraycopy(pending, end, pending, 0, count - end);
        count -= end;
    }

    private int lastNewline() {
        for (int i = count - 1; i >= 0; i--) {
            if (pending[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Writes what is left and closes; removes the file when this class created it and nothing could be written. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!failed) {
                writeLines(true);
            }
        } finally {
            channel.close();
            if (failed && created && committed == 0) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** Whether the path is a regular file (cut back on failure) rather than a device node or FIFO. */
    boolean regular() {
        return regular;
    }

}
