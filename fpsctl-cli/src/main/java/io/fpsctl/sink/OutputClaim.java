package io.fpsctl.sink;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The output paths of one run, claimed before it measures anything: each path's folder is created (as {@code watch
 * --csv} always did), a path that is a folder or cannot be written is refused, and each path is locked against a
 * second fpsctl writing it at the same time. The lock is an OS lock ({@link FileChannel#tryLock}) on a small hidden
 * file next to the output ({@code .NAME.lock}, or {@code DIR/.fpsctl.lock} for an output folder) that holds the
 * holder's pid; the OS releases it when the process ends however it ends, so a crashed run never blocks the next.
 * Creating that file is also the proof that the folder takes new files (every report is written to a temporary
 * name there and moved, {@link AtomicFile}). Closing the claim empties and releases the lock files but leaves
 * them: removing one would let a run that opened it just before lock a file no longer at that path while a third
 * run locks a new one. (A POSIX lock is dropped when the process closes any descriptor of the file, so the holder
 * never opens its own lock file a second time.)
 *
 * <p>Device nodes and FIFOs ({@code /dev/stdout}, {@code /dev/null}) are written through, never claimed.
 */
public final class OutputClaim implements AutoCloseable {
    private static final String FOLDER_LOCK = ".fpsctl.lock";

    private final List<Held> held = new ArrayList<>();

    /** One lock file held. */
    private record Held(Path lockFile, FileChannel channel, FileLock lock) {
    }

    /** Why an output cannot be used; the message names the path and says what to do. */
    public static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }

    private OutputClaim() {
    }

    /** An empty claim, to which paths are added. */
    public static OutputClaim create() {
        return new OutputClaim();
    }

    /**
     * Claims an output file (null: nothing). Its folder is created when missing.
     *
     * @throws Refused when the path is a folder, cannot be written, or another run holds it
     */
    public OutputClaim file(Path file, String what) throws Refused {
        if (file == null) {
            return this;
        }
        Path absolute = file.toAbsolutePath().normalize();
        if (AtomicFile.streamLike(absolute)) {
            return this;
        }
        if (Files.isDirectory(absolute)) {
            throw new Refused(what + " " + file + ": is a folder: give the path of a file");
        }
        if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            throw new Refused(what + " " + file + ": cannot write this file (permission denied): choose another path");
        }
        Path parent = absolute.getParent();
        ensureFolder(parent, what + " " + file);
        lock(parent.resolve("." + absolute.getFileName() + ".lock"), what + " " + file);
        return this;
    }

    /**
     * Claims an output folder (created when missing): no other run may write into it meanwhile.
     *
     * @throws Refused when it is a file, cannot be created or written, or another run holds it
     */
    public OutputClaim folder(Path dir, String what) throws Refused {
        Path absolute = dir.toAbsolutePath().normalize();
        ensureFolder(absolute, what + " " + dir);
        lock(absolute.resolve(FOLDER_LOCK), what + " " + dir);
        return this;
    }

    private static void ensureFolder(Path dir, String label) throws Refused {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new Refused(label + ": " + dir + " is a file, not a folder: choose another path");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new Refused(label + ": cannot create the folder " + dir + " (" + reason(e) + "): choose another path");
        }
    }

    private void lock(Path lockFile, String label) throws Refused {
        {
            FileChannel channel;
            try {
                channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new Refused(label + ": cannot write in " + lockFile.getParent() + " (" + reason(e)
                        + "): choose another path");
            }
            FileLock lock = null;
            boolean thisProcess = false;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                thisProcess = true; // another command of this same process holds it (tests run several)
            } catch (IOException e) {
                closeQuietly(channel);
                throw new Refused(label + ": cannot lock " + lockFile + " (" + reason(e) + "): choose another path");
            }
            if (lock == null) {
                String holder = thisProcess ? ProcessHandle.current().pid() + ", this process" : holderOf(lockFile);
                closeQuietly(channel);
                throw new Refused(label + ": another fpsctl is writing it (pid " + holder + "; lock "
                        + lockFile.getFileName() + "): wait until it ends, or choose another path");
            }
            held.add(new Held(lockFile, channel, lock));
            try {
                channel.truncate(0);
                channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n")
                        .getBytes(StandardCharsets.US_ASCII)), 0);
            } catch (IOException e) {
                // the pid is for the message of a refused run; the lock holds without it
            }
        }
    }

    /** The pid written in a lock file, or "unknown" (it is being written, or unreadable). */
    private static String holderOf(Path lockFile) {
        try {
            String text = Files.readString(lockFile, StandardCharsets.US_ASCII).strip();
            String pid = text.isEmpty() ? "" : text.split("\\s+")[0];
            return pid.matches("\\d{1,10}") ? pid : "unknown";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such folder";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was written through it
        }
    }

    /** Empties the lock files (no holder any more) and releases them. */
    @Override
    public void close() {
        for (Held h : held) {
            try {
                h.channel().truncate(0);
            } catch (IOException ignored) {
                // a stale pid left behind is harmless: the OS lock is what counts
            }
            try {
                h.lock().release();
            } catch (IOException ignored) {
                // released when the channel closes
            }
            closeQuietly(h.channel());
        }
        held.clear();
    }
}
