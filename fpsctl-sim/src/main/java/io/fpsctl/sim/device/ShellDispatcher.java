package io.fpsctl.sim.device;

import io.fpsctl.sim.adb.ShellHandler;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Command dispatch of the simulated shell: splits the line, strips {@code /system/bin/}-style prefixes, streams
 * {@code am instrument} outside the device lock, runs every other command under the lock after advancing the
 * device to "now", applies the {@code dumpsys} faults (delay, truncation), and answers unknown commands like
 * {@code /system/bin/sh}: {@code <cmd>: inaccessible or not found}, exit 127. Built in: {@code echo},
 * {@code true}, {@code false}, {@code exit [n]}, {@code cmd package …}; a pipeline into {@code grep}/{@code head} ({@link PipeFilter});
 * a list of commands separated by {@code ;} (a word of its own), run one after the other, where {@code $?} is the
 * previous command's exit status (what fpsctl's batched polls send); {@code sh} alone, which reads command lines
 * from the stream's standard input and runs each as it arrives, until {@code exit} or the end of the input (what
 * fpsctl's persistent shell sends); a command ending in {@code >&2}, whose standard output goes to standard error,
 * or in {@code 2>&1}, whose standard error goes to standard output.
 */
final class ShellDispatcher implements ShellHandler {

    private static final String[] PATH = {"/system/bin/", "/system/xbin/", "/vendor/bin/"};

    private final Object lock;
    private final Runnable advance;
    private final Map<String, ShellCommand> commands = new HashMap<>();
    /** Commands that read standard input or write bytes; looked up before {@link #commands}. */
    private final Map<String, StreamCommand> streamCommands = new HashMap<>();
    private final Function<List<String>, InstrumentationStream> instrumentation;
    private volatile long dumpsysDelayMillis;
    private volatile int truncateDumpsysAt = -1;
    private final ReceivedCommands received = new ReceivedCommands();
    private volatile ScreenRecordCommand screenRecord;
    private volatile DeviceFiles files;

    /**
     * @param lock            the device lock every command runs under
     * @param advance         brings the device to "now" (called under the lock before each command)
     * @param instrumentation what streams for {@code am instrument <args>}
     */
    ShellDispatcher(Object lock, Runnable advance, Function<List<String>, InstrumentationStream> instrumentation) {
        this.lock = lock;
        this.advance = advance;
        this.instrumentation = instrumentation;
        commands.put("echo", args -> ShellReply.ok(String.join(" ", args) + "\n"));
        commands.put("true", args -> ShellReply.ok(""));
        commands.put("false", args -> ShellReply.exit(1));
        commands.put("exit", args -> {
            int status = 0;
            if (!args.isEmpty()) {
                try {
                    status = Integer.parseInt(args.get(0)) & 0xff;
                } catch (NumberFormatException e) {
                    return new ShellReply("", "/system/bin/sh: exit: " + args.get(0) + ": bad number\n", 2);
                }
            }
            throw new Exit(status);
        });
    }

    /**
     * {@code screenrecord …} (runs outside the device lock for as long as it records), {@code pkill} (stops it),
     * and {@code cat FILE} / {@code rm [-f] FILE} on the files it wrote ({@link DeviceFiles}).
     */
    void screenRecording(ScreenRecordCommand command, DeviceFiles deviceFiles) {
        this.screenRecord = command;
        this.files = deviceFiles;
    }

    /** Registers a command under its name (as typed, without a path). */
    ShellDispatcher register(String name, ShellCommand command) {
        commands.put(name, command);
        return this;
    }

    /** Registers a command that reads standard input or writes bytes ({@link StreamCommand}). */
    ShellDispatcher register(String name, StreamCommand command) {
        streamCommands.put(name, command);
        return this;
    }

    /** The command lines received so far, exactly as they arrived, oldest first ({@link ReceivedCommands}). */
    List<String> receivedCommandLines() {
        return received.snapshot();
    }

    /** Every {@code dumpsys} answer is delayed by this much (0 = off). */
    void setDumpsysDelayMillis(long ms) {
        this.dumpsysDelayMillis = Math.max(0, ms);
    }

    /** Every {@code dumpsys} answer is cut after this many bytes (negative = off). */
    void setTruncateDumpsysAt(int bytes) {
        this.truncateDumpsysAt = bytes;
    }

    @Override
    public int run(String commandLine, InputStream stdin, OutputStream stdout, OutputStream stderr)
            throws IOException {
        List<String> words = CommandLine.split(commandLine);
        if (words.size() == 1 && (words.get(0).equals("sh") || words.get(0).equals("/system/bin/sh"))) {
            received.add(commandLine);
            return readCommands(stdin, stdout, stderr);
        }
        if (!words.isEmpty() && !words.contains("|") && !words.contains(";")
                && streamCommands.containsKey(baseName(words.get(0)))
                && !recordingFiles(baseName(words.get(0)), words.subList(1, words.size()))) {
            // 'adb shell perfetto -c - < config': the host's input, up to its close, is the command's stdin
            received.add(commandLine);
            List<String> args = words.subList(1, words.size());
            String cmd = baseName(words.get(0));
            byte[] input = streamCommands.get(cmd).readsStdin(args) ? stdin.readAllBytes() : new byte[0];
            return runStream(cmd, args, input, stdout, stderr);
        }
        return run(commandLine, stdout, stderr);
    }

    /** {@code cat} or {@code rm} of a screen recording's files: the recording's own commands answer ({@link #streamed}). */
    private boolean recordingFiles(String cmd, List<String> args) {
        DeviceFiles stored = files;
        if (stored == null || !(cmd.equals("cat") || cmd.equals("rm"))) {
            return false;
        }
        List<String> paths = args.stream().filter(a -> !a.equals("-f")).toList();
        return !paths.isEmpty() && paths.stream().allMatch(stored::has);
    }

    /** {@code sh} with commands on its standard input: one line at a time, each run once it is complete. */
    private int readCommands(InputStream stdin, OutputStream stdout, OutputStream stderr) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        int exit = 0;
        String line;
        while ((line = lines.readLine()) != null) {
            received.add(line);
            try {
                exit = execute(line, stdout, stderr);
            } catch (Exit e) {
                return e.status;
            }
        }
        return exit;
    }

    /** {@code exit [n]}: ends the shell, wherever it stands in a list. */
    private static final class Exit extends RuntimeException {
        final int status;

        Exit(int status) {
            super(null, null, false, false);
            this.status = status;
        }
    }

    @Override
    public int run(String commandLine, OutputStream stdout, OutputStream stderr) throws IOException {
        received.add(commandLine);
        try {
            return execute(commandLine, stdout, stderr);
        } catch (Exit e) {
            return e.status;
        }
    }

    /** One command line; {@link Exit} when it ends the shell. */
    private int execute(String commandLine, OutputStream stdout, OutputStream stderr) throws IOException {
        List<String> words = CommandLine.split(commandLine);
        if (words.isEmpty()) {
            return 0;
        }
        if (words.contains(";")) {
            return runList(words, stdout, stderr);
        }
        String last = words.get(words.size() - 1);
        if (words.size() > 1 && (last.equals(">&2") || last.equals("1>&2"))) { // standard output to standard error
            return execute(quoted(words.subList(0, words.size() - 1)), stderr, stderr);
        }
        if (words.size() > 1 && last.equals("2>&1")) { // standard error to standard output (fpsctl's resource reads)
            return execute(quoted(words.subList(0, words.size() - 1)), stdout, stdout);
        }
        int pipe = words.indexOf("|");
        if (pipe > 0) {
            return runPipeline(words, pipe, stdout, stderr);
        }
        String cmd = baseName(words.get(0));
        List<String> args = words.subList(1, words.size());
        // a screen recording's own commands first (its cat and rm answer for its files only, null for others)
        Integer streamed = streamed(cmd, args, commandLine, stdout, stderr);
        if (streamed != null) {
            return streamed;
        }
        if (streamCommands.containsKey(cmd)) {
            return runStream(cmd, args, new byte[0], stdout, stderr);
        }
        if (cmd.equals("am") && !args.isEmpty() && args.get(0).equals("instrument")) {
            List<String> instrumentArgs = List.copyOf(args.subList(1, args.size()));
            return instrumentation.apply(instrumentArgs).run(instrumentArgs, stdout, stderr);
        }
        ShellReply reply;
        synchronized (lock) {
            advance.run();
            reply = dispatch(cmd, args);
        }
        byte[] out = reply.out().getBytes(StandardCharsets.UTF_8);
        if (cmd.equals("dumpsys")) {
            long delay = dumpsysDelayMillis;
            if (delay > 0) {
                try {
                    Thread.sleep(delay);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            int cut = truncateDumpsysAt;
            if (cut >= 0 && cut < out.length) {
                out = Arrays.copyOf(out, cut);
            }
        }
        stdout.write(out);
        stderr.write(reply.err().getBytes(StandardCharsets.UTF_8));
        stdout.flush();
        stderr.flush();
        return reply.exit();
    }

    /** The command without a {@code /system/bin/}-style directory. */
    private static String baseName(String word) {
        String cmd = word;
        for (String dir : PATH) {
            if (cmd.startsWith(dir)) {
                cmd = cmd.substring(dir.length());
            }
        }
        return cmd;
    }

    /** A {@link StreamCommand} under the device lock, its bytes written as they are. */
    private int runStream(String cmd, List<String> args, byte[] stdin, OutputStream stdout, OutputStream stderr)
            throws IOException {
        StreamCommand.Reply reply;
        synchronized (lock) {
            advance.run();
            reply = streamCommands.get(cmd).run(List.copyOf(args), stdin);
        }
        stdout.write(reply.out());
        stderr.write(reply.err().getBytes(StandardCharsets.UTF_8));
        stdout.flush();
        stderr.flush();
        return reply.exit();
    }

    /** The commands that stream or block outside the lock, or null for any other. */
    private Integer streamed(String cmd, List<String> args, String commandLine, OutputStream stdout,
                             OutputStream stderr) throws IOException {
        ScreenRecordCommand recorder = screenRecord;
        DeviceFiles stored = files;
        if (recorder == null) {
            return null;
        }
        switch (cmd) {
            case "screenrecord":
                return recorder.run(commandLine, args, stdout, stderr);
            case "pkill": {
                ShellReply r = recorder.pkill(args);
                stderr.write(r.err().getBytes(StandardCharsets.UTF_8));
                stderr.flush();
                return r.exit();
            }
            case "cat":
                if (args.size() == 1 && stored.has(args.get(0))) {
                    return stored.cat(args.get(0), stdout) ? 0 : 1;
                }
                return null;
            case "rm": {
                List<String> paths = args.stream().filter(a -> !a.equals("-f")).toList();
                if (paths.isEmpty() || !paths.stream().allMatch(stored::has)) {
                    return null; // not a recording: the registered rm (a Perfetto trace's) answers
                }
                boolean force = args.contains("-f");
                int exit = 0;
                for (String path : paths) {
                    if (!stored.rm(path) && !force) {
                        // toybox rm (inferred wording from its perror_msg of the failed unlink)
                        stderr.write(("rm: " + path + ": No such file or directory\n").getBytes(StandardCharsets.UTF_8));
                        exit = 1;
                    }
                }
                stderr.flush();
                return exit;
            }
            default:
                return null;
        }
    }

    /**
     * {@code cmd … | grep … | head …}: the first command as usual, then each {@link PipeFilter} on its output; a
     * last stage that is a {@link StreamCommand} ({@code echo CONFIG | perfetto -c - …}) gets the output as its
     * standard input.
     */
    private int runPipeline(List<String> words, int pipe, OutputStream stdout, OutputStream stderr) throws IOException {
        java.io.ByteArrayOutputStream first = new java.io.ByteArrayOutputStream();
        int exit = execute(quoted(words.subList(0, pipe)), first, stderr);
        List<String> rest = words.subList(pipe + 1, words.size());
        if (!rest.isEmpty() && !rest.contains("|") && streamCommands.containsKey(baseName(rest.get(0)))) {
            return runStream(baseName(rest.get(0)), rest.subList(1, rest.size()), first.toByteArray(), stdout, stderr);
        }
        String text = first.toString(StandardCharsets.UTF_8);
        int from = pipe + 1;
        while (from <= words.size()) {
            int next = words.subList(from, words.size()).indexOf("|");
            int to = next < 0 ? words.size() : from + next;
            ShellReply filtered = PipeFilter.apply(words.subList(from, to), text);
            stderr.write(filtered.err().getBytes(StandardCharsets.UTF_8));
            text = filtered.out();
            exit = filtered.exit();
            from = to + 1;
        }
        stdout.write(text.getBytes(StandardCharsets.UTF_8));
        stdout.flush();
        stderr.flush();
        return exit;
    }

    /** {@code a ; b ; c}: each command in turn, {@code $?} in a word being the exit status of the one before. */
    private int runList(List<String> words, OutputStream stdout, OutputStream stderr) throws IOException {
        int exit = 0;
        int from = 0;
        while (from <= words.size()) {
            int next = words.subList(from, words.size()).indexOf(";");
            int to = next < 0 ? words.size() : from + next;
            if (to > from) {
                String status = Integer.toString(exit);
                exit = execute(quoted(words.subList(from, to).stream().map(w -> w.replace("$?", status)).toList()),
                        stdout, stderr);
            }
            from = to + 1;
        }
        return exit;
    }

    /** The words as one command line again, each quoted, to be split back as they are. */
    private static String quoted(List<String> words) {
        return String.join(" ", words.stream().map(ShellDispatcher::quote).toList());
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private ShellReply dispatch(String cmd, List<String> args) {
        if (cmd.equals("cmd")) {
            // dadb streams the APK to 'cmd package install -S <size>' when the device has the 'cmd' feature
            ShellCommand pm = commands.get("pm");
            return !args.isEmpty() && args.get(0).equals("package") && pm != null ? pm.run(args.subList(1, args.size()))
                    : new ShellReply("", "cmd: Can't find service: " + (args.isEmpty() ? "" : args.get(0)) + "\n", 20);
        }
        ShellCommand command = commands.get(cmd);
        if (command == null) {
            return new ShellReply("", "/system/bin/sh: " + cmd + ": inaccessible or not found\n", 127);
        }
        return command.run(args);
    }
}
