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
