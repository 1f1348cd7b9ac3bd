package io.fpsctl.device;

import io.fpsctl.sim.adb.ShellHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A tiny device shell for the device-layer tests: {@code echo <text>}, {@code exit <n>}, {@code err <text>}
 * (stdout "out", stderr text, exit 2), {@code bytes <n>} ({@link #text(int)}), {@code lines <n> <ms>} (n lines,
 * a pause between), {@code sleep <ms>}, {@code utf8} ("é" split over two writes), the getprops and the
 * {@code --latency} period line {@link Devices#describe} reads.
 */
record FakeShell(String model, String release, String sdk, long periodNs) implements ShellHandler {

    static FakeShell pixel() {
        return new FakeShell("Pixel 7 Pro", "14", "34", 8_333_333);
    }

    @Override
    public int run(String commandLine, OutputStream stdout, OutputStream stderr) throws IOException {
        String[] w = commandLine.split(" ", 2);
        String arg = w.length > 1 ? w[1] : "";
        switch (commandLine) {
            case "getprop ro.product.model" -> {
                return print(stdout, model);
            }
            case "getprop ro.build.version.release" -> {
                return print(stdout, release);
            }
            case "getprop ro.build.version.sdk" -> {
                return print(stdout, sdk);
            }
            case "dumpsys SurfaceFlinger --latency" -> {
                return print(stdout, Long.toString(periodNs)); // Android 14+: only the period line (C.1)
            }
            default -> {
            }
        }
        switch (w[0]) {
            case "echo" -> print(stdout, arg);
            case "exit" -> {
                return Integer.parseInt(arg.trim());
            }
            case "err" -> {
                stdout.write("out\n".getBytes(StandardCharsets.UTF_8));
                stderr.write((arg + "\n").getBytes(StandardCharsets.UTF_8));
                return 2;
            }
            case "bytes" -> stdout.write(text(Integer.parseInt(arg.trim())));
            case "lines" -> {
                String[] a = arg.split(" ");
                for (int i = 0; i < Integer.parseInt(a[0]); i++) {
                    stdout.write(("line " + i + "\n").getBytes(StandardCharsets.UTF_8));
                    stdout.flush();
                    pause(Long.parseLong(a[1]));
                }
            }
            case "sleep" -> pause(Long.parseLong(arg.trim()));
            case "utf8" -> {
                stdout.write(0xC3);
                stdout.flush();
                pause(20);
                stdout.write(new byte[] {(byte) 0xA9, '\n'});
            }
            default -> {
                stderr.write(("sh: " + w[0] + ": not found\n").getBytes(StandardCharsets.UTF_8));
                return 127;
            }
        }
        return 0;
    }

    private static int print(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        return 0;
    }

    private static void pause(long ms) throws IOException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** {@code n} printable ASCII bytes with a newline every 101. */
    static byte[] text(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = i % 101 == 100 ? (byte) '\n' : (byte) ('!' + (i * 31 + i / 977) % 94);
        }
        return b;
    }
}
