package io.fpsctl.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether anybody still reads the pipe that is standard output, asked between writes (Linux, through /proc), so a
 * command that writes once a second notices {@code | head} leaving before its next write.
 *
 * <p>The kernel refuses a write to a pipe without readers (EPIPE), but says so only at that write. Here the
 * processes holding the read end are looked up: {@code /proc/self/fd/1} names the pipe ({@code pipe:[inode]}), and
 * a process holds its read end when one of its {@code /proc/PID/fd} links names the same pipe and that fd's
 * {@code /proc/PID/fdinfo} flags are not write-only. The answer is "gone" only when it is proven, never on doubt:
 * <ul>
 *   <li>only an anonymous pipe is looked at (a terminal, a file, a socket or a named FIFO: never "gone"; a write
 *       still finds out);</li>
 *   <li>the first look must <em>see</em> a reader (in a container the reader may be outside its /proc, e.g. the
 *       runtime's shim; a reader of another user cannot be read): when none is seen, this never says "gone";</li>
 *   <li>then each ask re-reads the one fd link of each reader seen (one system call); only when none of them holds
 *       the pipe any more is every readable process looked through again, which finds a reader that forked, passed
 *       it on or moved it to another fd. A process of this session whose fds cannot be read (another user's, e.g.
 *       {@code | sudo tee}) may be a reader: then this stops looking and never says "gone".</li>
 * </ul>
 * Not seen: a read end held without an fd (in flight in a unix socket, an io_uring table) by a process the first
 * look did not see.
 */
final class PipeReaders {
    private static final Path PROC = Path.of("/proc");
    /** {@code O_ACCMODE} and {@code O_WRONLY} of the fdinfo {@code flags:} field (octal), Linux uapi fcntl.h. */
    private static final int O_ACCMODE = 3;
    private static final int O_WRONLY = 1;

    /** The pipe's link text ({@code pipe:[inode]}), or null: not a pipe, or /proc cannot tell. */
    private final String pipe;
    private final long self;
    private String session;
    /** The fds seen holding the read end: pid and fd number. */
    private List<long[]> readers;
    /** True once the answer can no longer be proven: never "gone" again. */
    private boolean blind;

    private PipeReaders(String pipe) {
        this.pipe = pipe;
        this.self = ProcessHandle.current().pid();
        this.blind = pipe == null;
    }

    /** The readers of this process's standard output (fd 1). */
    static PipeReaders ofStandardOutput() {
        String link = null;
        try {
            link = Files.readSymbolicLink(PROC.resolve("self/fd/1")).toString();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // no /proc (not Linux): writes alone find a closed pipe
        }
        return new PipeReaders(link != null && link.startsWith("pipe:[") ? link : null);
    }

    /**
     * True when standard output is a pipe and nobody holds its read end any more (the next write would fail with
     * EPIPE); false when somebody does, or when that cannot be proven.
     */
    synchronized boolean gone() {
        if (blind) {
            return false;
        }
        if (readers != null) {
            for (long[] r : readers) {
                if (holds(r[0], r[1])) {
                    return false;
                }
            }
        }
        boolean firstLook = readers == null;
        List<long[]> found = new ArrayList<>();
        if (!lookThrough(found) || (firstLook && found.isEmpty())) {
            blind = true; // a reader may be where this cannot look
            return false;
        }
        readers = found;
        return found.isEmpty();
    }

    /** Whether fd {@code fd} of process {@code pid} still names the pipe. */
    private boolean holds(long pid, long fd) {
        try {
            return pipe.equals(Files.readSymbolicLink(PROC.resolve(pid + "/fd/" + fd)).toString());
        } catch (IOException | SecurityException e) {
            return false; // closed, ended, or no longer readable: the full look decides
        }
    }

    /**
     * Every process's fds that hold the read end, into {@code found}; false when a process of this session could not
     * be looked at (its fds are another user's).
     */
    private boolean lookThrough(List<long[]> found) {
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(PROC)) {
            for (Path p : procs) {
                long pid = number(p.getFileName().toString());
                if (pid < 0 || pid == self) {
                    continue;
                }
                try (DirectoryStream<Path> fds = Files.newDirectoryStream(p.resolve("fd"))) {
                    for (Path f : fds) {
                        long fd = number(f.getFileName().toString());
                        if (fd >= 0 && pipe.equals(link(f)) && readable(p, fd)) {
                            found.add(new long[] {pid, fd});
                        }
                    }
                } catch (AccessDeniedException e) {
                    if (inThisSession(p)) {
                        return false;
                    }
                } catch (IOException | SecurityException e) {
                    // ended meanwhile
                }
            }
        } catch (IOException | SecurityException e) {
            return false;
        }
        return true;
    }

    private static String link(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** Whether fd {@code fd} of {@code proc} was opened for reading ({@code flags:} in its fdinfo, octal). */
    private static boolean readable(Path proc, long fd) {
        try {
            for (String line : Files.readAllLines(proc.resolve("fdinfo/" + fd))) {
                if (line.startsWith("flags:")) {
                    return (Integer.parseInt(line.substring(6).strip(), 8) & O_ACCMODE) != O_WRONLY;
                }
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            // closed meanwhile, or unreadable: not counted; an unknown fd of this session is caught by its folder
        }
        return false;
    }

    /** Whether {@code proc} belongs to this process's session (field 6 of {@code /proc/PID/stat}); true on doubt. */
    private boolean inThisSession(Path proc) {
        if (session == null) {
            session = sessionOf(PROC.resolve("self"));
        }
        String s = sessionOf(proc);
        return s == null || session == null || s.equals(session);
    }

    private static String sessionOf(Path proc) {
        try {
            String stat = Files.readString(proc.resolve("stat"));
            // "pid (comm) state ppid pgrp session …": comm may hold spaces and parentheses, so from the last ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return f.length > 3 ? f[3] : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static long number(String name) {
        if (name.isEmpty() || name.length() > 18) {
            return -1;
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(name);
    }
}
