package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code grep [-H] [-h] [-s] PATTERN FILE…} over the simulated {@link KernelFiles} (a pipeline's {@code | grep}
 * is {@link PipeFilter}). toybox {@code toys/posix/grep.c}: a file name prefix {@code "<file>:"} with {@code -H}
 * or when more than one file is given (not with {@code -h}); an unreadable file prints {@code "grep: <file>:
 * <strerror>"} on stderr unless {@code -s}; exit 0 when a line matched, 1 when none, 2 on an error with no match
 * (inferred from GNU grep's documented statuses, which toybox follows). The pattern is a Java regex, close
 * enough for the {@code .}, {@code ^cpu} and literal words fpsctl sends.
 */
final class FileGrep implements ShellCommand {

    private final TimeSource time;
    private final KernelFiles kernel;
    private final java.util.function.Consumer<LoadTruth> loadTruth;

    FileGrep(TimeSource time, KernelFiles kernel, java.util.function.Consumer<LoadTruth> loadTruth) {
        this.time = time;
        this.kernel = kernel;
        this.loadTruth = loadTruth;
    }

    @Override
    public ShellReply run(List<String> args) {
        boolean withName = false;
        boolean noName = false;
        boolean silent = false;
        String pattern = null;
        List<String> files = new ArrayList<>();
        for (String a : args) {
            if (pattern == null && a.startsWith("-") && a.length() > 1) {
                withName |= a.contains("H");
                noName |= a.contains("h");
                silent |= a.contains("s");
            } else if (pattern == null) {
                pattern = a;
            } else {
                files.add(a);
            }
        }
        if (pattern == null || files.isEmpty()) {
            return new ShellReply("", "grep: Need 1 argument\n", 2);
        }
        Pattern p;
        try {
            p = Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            return new ShellReply("", "grep: bad regex '" + pattern + "'\n", 2);
        }
        KernelFiles.Snapshot snapshot = kernel.at(time.nanoTime());
        List<String> paths = new ArrayList<>();
        for (String f : files) {
            paths.addAll(snapshot.expand(f));
        }
        boolean prefix = !noName && (withName || paths.size() > 1);
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        boolean matched = false;
        LoadTruth truth = null;
        for (String path : paths) {
            truth = truth != null ? truth : snapshot.load().truth(path, snapshot.now());
            if (snapshot.denied().contains(path)) {
                // SELinux refuses the open: toybox prints perror_msg's "grep: <file>: Permission denied"
                if (!silent) {
                    err.append("grep: ").append(path).append(": Permission denied\n");
                }
                continue;
            }
            String text = snapshot.files().get(path);
            if (text == null) {
                if (!silent) {
                    err.append("grep: ").append(path).append(": No such file or directory\n");
                }
                continue;
            }
            for (String line : text.split("\n")) {
                if (p.matcher(line).find()) {
                    matched = true;
                    out.append(prefix ? path + ":" : "").append(line).append('\n');
                }
            }
        }
        if (truth != null) {
            loadTruth.accept(truth);
        }
        return new ShellReply(out.toString(), err.toString(), matched ? 0 : err.length() > 0 ? 2 : 1);
    }
}
