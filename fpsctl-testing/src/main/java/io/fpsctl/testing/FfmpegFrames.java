package io.fpsctl.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Reads a screen recording with Debian's {@code ffmpeg}/{@code ffprobe}, not with fpsctl: every video frame's
 * presentation time and the number its pattern shows (the simulator's screenrecord draws 24 bits, most significant
 * first, in a 4-column grid of 36 x 24 px cells at the top of a 144 x 256 picture, white for 1 and black for 0;
 * the cell's centre is sampled).
 */
public final class FfmpegFrames {
    private static final int W = 144;
    private static final int H = 256;
    private static final int BITS = 24;

    /** A decoded frame: its presentation time in the file (s) and the number it shows. */
    public record Frame(double seconds, int number) {
    }

    private FfmpegFrames() {
    }

    public static boolean available() {
        try {
            return run(List.of("ffprobe", "-version")).length > 0 && run(List.of("ffmpeg", "-version")).length > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Every frame of {@code mp4} in order. */
    public static List<Frame> all(Path mp4) throws IOException {
        String times = new String(run(List.of("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                "frame=pts_time", "-of", "csv=p=0", mp4.toString())), StandardCharsets.UTF_8);
        List<Double> pts = new ArrayList<>();
        for (String line : times.split("\n")) {
            if (!line.isBlank()) {
                pts.add(Double.parseDouble(line.trim().replace(",", "")));
            }
        }
        byte[] raw = run(List.of("ffmpeg", "-v", "error", "-i", mp4.toString(), "-fps_mode", "passthrough",
                "-f", "rawvideo", "-pix_fmt", "gray", "-"));
        int n = raw.length / (W * H);
        if (n != pts.size()) {
            throw new IOException("ffmpeg decoded " + n + " frames, ffprobe listed " + pts.size() + " in " + mp4);
        }
        List<Frame> out = new ArrayList<>();
        for (int f = 0; f < n; f++) {
            int number = 0;
            for (int bit = 0; bit < BITS; bit++) {
                int x = (bit % 4) * 36 + 18;
                int y = (bit / 4) * 24 + 12;
                int luma = raw[f * W * H + y * W + x] & 0xff;
                number = (number << 1) | (luma > 128 ? 1 : 0);
            }
            out.add(new Frame(pts.get(f), number));
        }
        return out;
    }

    /** The frame on screen at {@code seconds} (the last one starting at or before it), as a player shows it. */
    public static Frame at(List<Frame> frames, double seconds) {
        Frame shown = null;
        for (Frame f : frames) {
            if (f.seconds() <= seconds + 1e-9) {
                shown = f;
            }
        }
        return shown;
    }

    private static byte[] run(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = p.getInputStream()) {
                return in.readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        });
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("timed out: " + command);
            }
            if (p.exitValue() != 0) {
                throw new IOException(command + " exited " + p.exitValue());
            }
            return out.get();
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new IOException(e);
        }
    }
}
