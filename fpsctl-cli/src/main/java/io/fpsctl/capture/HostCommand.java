package io.fpsctl.capture;

import io.fpsctl.device.Device;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * {@code --run 'CMD'}: runs CMD on the host through {@code /bin/sh -c}, with the environment inherited and
 * {@code ANDROID_SERIAL} set to the measured device's serial (so {@code adb}, maestro and Gradle reach it). Its
 * output (stdout and stderr merged) goes line by line to {@code output}; the last {@value #KEPT_LINES} lines are
 * kept for the one-line error when it exits non-zero, joined by {@code |}.
 */
public final class HostCommand implements Driver {
    static final int KEPT_LINES = 10;

    private final String command;
    private final Consumer<String> output;
    private volatile Process process;
    private volatile boolean cancelled;

    public HostCommand(String command, Consumer<String> output) {
        this.command = command;
        this.output = output;
    }

    @Override
    public void drive(Device device) throws InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", command).redirectErrorStream(true);
        if (device.serial() != null) {
            pb.environment().put("ANDROID_SERIAL", device.serial());
        }
        Deque<String> last = new ArrayDeque<>();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new DriverFailedException("the --run command could not be started: " + e.getMessage());
        }
        process = p;
        if (cancelled) {
            cancel();
        }
        try {
            p.getOutputStream().close(); // CMD reads no input from fpsctl
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    output.accept(line);
                    last.addLast(line);
                    if (last.size() > KEPT_LINES) {
                        last.removeFirst();
                    }
                }
            }
        } catch (IOException e) {
            // the stream ends when the process is destroyed; its exit code says the rest
        }
        int exit = p.waitFor();
        if (cancelled) {
            throw new InterruptedException("the --run command was stopped");
        }
        if (exit != 0) {
            StringBuilder m = new StringBuilder("the --run command failed (exit " + exit + ")");
            if (last.isEmpty()) {
                m.append(" without output");
            } else {
                // one line (fpsctl's errors are one line); the full output was passed on as it came
                m.append("; its last lines: ").append(String.join(" | ", last));
            }
            throw new DriverFailedException(m.toString());
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
        Process p = process;
        if (p != null) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
    }

    @Override
    public String describe() {
        return "while '" + command + "' runs";
    }
}
