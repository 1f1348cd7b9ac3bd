package io.fpsctl.sim.adb;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A tiny device "shell" for transport tests:
 * {@code echo <text>}, {@code true}, {@code false}, {@code exit <n>}, {@code err <text>} (stderr + exit 2),
 * {@code text <n>} / {@code binary <n>} (n bytes of {@link #text}/{@link #binary}, written in odd-sized
 * chunks), {@code gated} (writes "first\n", waits for {@link #gate}, writes "second\n"),
 * {@code flood} (writes until the host goes away, then counts down {@link #floodStopped}).
 */
final class TestShell implements ShellHandler {

    final CountDownLatch gate = new CountDownLatch(1);
    final CountDownLatch floodStopped = new CountDownLatch(1);

    @Override
    public int run(String commandLine, OutputStream stdout, OutputStream stderr) throws IOException {
        // adb exec-out single-quotes every argument ("binary '2097152'"); adb shell joins them unquoted
        String[] w = commandLine.replace("'", "").split(" ", 2);
        String arg = w.length > 1 ? w[1] : "";
        switch (w[0]) {
            case "echo" -> stdout.write((arg + "\n").getBytes(StandardCharsets.UTF_8));
            case "true" -> { }
            case "false" -> {
                return 1;
            }
            case "exit" -> {
                return Integer.parseInt(arg.trim());
            }
            case "err" -> {
                stdout.write("out\n".getBytes(StandardCharsets.UTF_8));
                stderr.write((arg + "\n").getBytes(StandardCharsets.UTF_8));
                return 2;
            }
            case "text" -> writeChunked(text(Integer.parseInt(arg.trim())), stdout);
            case "binary" -> writeChunked(binary(Integer.parseInt(arg.trim())), stdout);
            case "gated" -> {
                stdout.write("first\n".getBytes(StandardCharsets.UTF_8));
                try {
                    if (!gate.await(10, TimeUnit.SECONDS)) {
                        return 99;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 98;
                }
                stdout.write("second\n".getBytes(StandardCharsets.UTF_8));
            }
            case "flood" -> {
                byte[] block = new byte[8192];
                try {
                    while (true) {
                        stdout.write(block);
                    }
                } catch (IOException expected) {
                    floodStopped.countDown();
                    throw expected;
                }
            }
            default -> {
                stderr.write(("sh: " + w[0] + ": not found\n").getBytes(StandardCharsets.UTF_8));
                return 127;
            }
        }
        return 0;
    }

    /** Writes in chunks of varying, odd sizes (1 byte up to ~300 KiB) to exercise splitting and coalescing. */
    private static void writeChunked(byte[] data, OutputStream out) throws IOException {
        int[] sizes = {1, 7, 4093, 65_537, 300_001, 3};
        int off = 0;
        for (int i = 0; off < data.length; i++) {
            int n = Math.min(sizes[i % sizes.length], data.length - off);
            out.write(data, off, n);
            off += n;
        }
    }

    /** {@code n} printable ASCII bytes with newlines, not periodic in any small power of two. */
    static byte[] text(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = i % 101 == 100 ? (byte) '\n' : (byte) ('!' + (i * 31 + i / 977) % 94);
        }
        return b;
    }

    /** {@code n} bytes covering all 256 values, including NUL, CR and LF. */
    static byte[] binary(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 131 + (i >>> 11));
        }
        return b;
    }
}
