package io.fpsctl.mcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the server may read and write (docs/mcp.md "Safety"). It writes only into run folders it makes itself
 * under the output folder ({@code --out}); no client-given path is ever written. It reads a client-given file only
 * when the file, its links followed, lies under the output folder or a read root ({@code --read}, default: the
 * folder the server was started in).
 */
public final class Sandbox {
    private final Path out;
    private final List<Path> readRoots;
    private final Path base;
    private int runs;

    /**
     * @param out       the output folder (created when missing)
     * @param readRoots folders whose files the client may name (besides {@code out})
     * @param base      what a relative path is relative to
     */
    public Sandbox(Path out, List<Path> readRoots, Path base) throws IOException {
        Files.createDirectories(out);
        this.out = out.toRealPath();
        List<Path> roots = new ArrayList<>();
        roots.add(this.out);
        for (Path r : readRoots) {
            roots.add(r.toRealPath());
        }
        this.readRoots = List.copyOf(roots);
        this.base = base.toAbsolutePath().normalize();
    }

    public Path out() {
        return out;
    }

    List<Path> readRoots() {
        return readRoots;
    }

    /**
     * The file {@code arg} names (argument {@code field}), to read; a JSON-RPC error when it is not a plain path,
     * does not exist, is a folder, or lies (links followed) outside every read root.
     */
    Path readable(Object arg, String field) {
        if (!(arg instanceof String s) || s.isBlank()) {
            throw ToolError.invalidParams(field + ": give a file path as a string");
        }
        if (s.length() > 4096 || s.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw ToolError.invalidParams(field + ": not a file path (control characters or too long)");
        }
        Path p;
        try {
            p = Path.of(s);
        } catch (InvalidPathException e) {
            throw ToolError.invalidParams(field + ": not a file path: " + e.getReason());
        }
        Path absolute = base.resolve(p).normalize();
        // the lexical check first: a path outside is refused without telling whether it exists
        if (!under(absolute)) {
            throw outside(field, s);
        }
        Path real;
        try {
            real = absolute.toRealPath();
        } catch (NoSuchFileException e) {
            throw ToolError.invalidParams(field + ": " + s + ": no such file");
        } catch (IOException e) {
            throw ToolError.invalidParams(field + ": " + s + ": cannot read it (" + e.getMessage() + ")");
        }
        if (!under(real)) {
            throw outside(field, s); // a link out of the folder
        }
        if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
            throw ToolError.invalidParams(field + ": " + s + ": not a regular file");
        }
        return real;
    }

    private boolean under(Path p) {
        for (Path r : readRoots) {
            if (p.startsWith(r)) {
                return true;
            }
        }
        return false;
    }

    private io.modelcontextprotocol.spec.McpError outside(String field, String s) {
        return ToolError.invalidParams(field + ": " + s + " is outside the folders this server may read ("
                + readRoots + "); start it with --read DIR to allow another folder");
    }

    /** A new, empty run folder {@code out/NNN-<pkg>} (the package name is already checked). */
    synchronized RunFolder newRun(String pkg) throws IOException {
        pkg = pkg.replaceAll("[^A-Za-z0-9._]", "_"); // already checked; a folder name never leaves out all the same
        runs++;
        String id = String.format(java.util.Locale.ROOT, "%03d-%s", runs, pkg);
        Path dir = out.resolve(id);
        while (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            runs++;
            id = String.format(java.util.Locale.ROOT, "%03d-%s", runs, pkg);
            dir = out.resolve(id);
        }
        Files.createDirectory(dir);
        return new RunFolder(id, dir);
    }

    /** A run's id and folder. */
    record RunFolder(String id, Path dir) {
    }
}
