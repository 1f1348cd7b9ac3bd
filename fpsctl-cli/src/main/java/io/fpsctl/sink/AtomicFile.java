package io.fpsctl.sink;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a UTF-8 text file atomically: the content goes to a hidden temporary file in the target's directory,
 * is forced to disk, and is then renamed over the target ({@code ATOMIC_MOVE}). A reader (a CI step, {@code gate
 * --from}) sees the old file or the complete new one, never a half-written one. If writing fails, the target is
 * left as it was and the temporary file is removed.
 *
 * <p>Only regular files are replaced: a symbolic link is followed (the file it points to is replaced, the link
 * stays), and a device node, FIFO or anything under {@code /dev/} or {@code /proc/} (e.g. {@code /dev/stdout},
 * {@code /dev/full}) is written through, appended to as a stream, never replaced by a regular file.
 *
 * <p>The temporary file is created like any other file (default permissions, i.e. the umask applies), unlike
 * {@link Files#createTempFile}, whose owner-only permissions would end up on the target.
 */
public final class AtomicFile {

    /** Produces the content of the file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    private static final int NAME_ATTEMPTS = 16;

    private AtomicFile() {
    }

    /**
     * Replaces {@code target} with what {@code content} writes.
     *
     * @throws IOException when the content cannot be written or the rename fails (the target is then unchanged);
     *                     {@link java.nio.file.AtomicMoveNotSupportedException} on a file system without atomic
     *                     rename
     */
    public static void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        if (streamLike(absolute)) {
            try (OutputStream stream = Files.newOutputStream(absolute, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                Writer out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
                content.writeTo(out);
                out.flush();
            }
            return;
        }
        if (Files.isSymbolicLink(absolute)) {
            Path link = absolute;
            absolute = Files.exists(link) ? link.toRealPath() // the whole chain; a loop is an error
                    : link.getParent().resolve(Files.readSymbolicLink(link)).normalize(); // dangling: create it
            if (streamLike(absolute)) {
                write(absolute, content);
                return;
            }
        }
        Path dir = absolute.getParent();
        Path temp = createTemp(dir, absolute.getFileName().toString());
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                OutputStream stream = Channels.newOutputStream(channel);
                Writer out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
                content.writeTo(out);
                out.flush();
                channel.force(true);
            }
            Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /**
     * A file written as a stream over a whole run (a Perfetto trace) that still appears complete or not at all: the
     * bytes go to a hidden temporary file next to the target; {@link #commit()} forces it to disk and renames it over
     * the target; {@link #close()} without a commit (a write failed, the run was cut short) removes the temporary
     * file and leaves the target as it was. Device nodes and FIFOs are written through.
     */
    public static final class Pending extends OutputStream {
        private final Path target;
        private final Path temp;
        private final FileChannel channel;
        private final OutputStream stream;
        private boolean committed;
        private boolean closed;

        private Pending(Path target, Path temp, FileChannel channel, OutputStream stream) {
            this.target = target;
            this.temp = temp;
            this.channel = channel;
            this.stream = stream;
        }

        /** The file this writes (for messages). */
        public Path target() {
            return target;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                stream.write(b, off, len);
            } catch (IOException e) {
                throw named(target, e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                stream.flush();
            } catch (IOException e) {
                throw named(target, e);
            }
        }

        /** Forces the content to disk and renames it over the target (written through: flushes). */
        public void commit() throws IOException {
            try {
                stream.flush();
                if (temp != null) {
                    channel.force(true);
                    channel.close();
                    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw named(target, e);
            }
            committed = true;
        }

        /** Closes; without a {@link #commit()} the temporary file is removed and the target left as it was. */
        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            try {
                stream.close();
            } finally {
                if (temp != null && !committed) {
                    Files.deleteIfExists(temp);
                }
            }
        }
    }

    /** Opens {@code target} for a {@link Pending} write; its folder must exist. */
    public static Pending open(Path target) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(absolute) && Files.exists(absolute)) {
            absolute = absolute.toRealPath();
        }
        if (streamLike(absolute)) {
            OutputStream through = Files.newOutputStream(absolute, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            return new Pending(absolute, null, null, through);
        }
        Path temp = createTemp(absolute.getParent(), absolute.getFileName().toString());
        FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE);
        return new Pending(absolute, temp, channel, Channels.newOutputStream(channel));
    }

    /**
     * {@code e} as an exception that names {@code file} ({@code "file: No space left on device"}), so a message built
     * from it says which output failed; one that already names a file is returned as it is.
     */
    public static IOException named(Path file, IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getFile() != null) {
            return e;
        }
        String reason = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        java.nio.file.FileSystemException n = new java.nio.file.FileSystemException(file.toString(), null, reason);
        n.initCause(e);
        return n;
    }

    /** True for what must be written through, not replaced: device nodes, FIFOs, sockets, /dev and /proc. */
    static boolean streamLike(Path absolute) {
        if (absolute.startsWith("/dev") || absolute.startsWith("/proc")) {
            return true;
        }
        return Files.exists(absolute) && !Files.isRegularFile(absolute) && !Files.isDirectory(absolute);
    }

    /** A new, empty {@code .<name>.<random>.tmp} in {@code dir}. */
    private static Path createTemp(Path dir, String name) throws IOException {
        FileAlreadyExistsException last = null;
        for (int i = 0; i < NAME_ATTEMPTS; i++) {
            String suffix = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
            Path temp = dir.resolve("." + name + "." + suffix + ".tmp");
            try {
                return Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                last = e;
            }
        }
        throw last;
    }
}
