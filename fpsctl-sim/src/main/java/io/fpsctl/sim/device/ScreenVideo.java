package io.fpsctl.sim.device;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.jcodec.api.transcode.PixelStore;
import org.jcodec.api.transcode.SinkImpl;
import org.jcodec.api.transcode.VideoFrameWithPacket;
import org.jcodec.common.Codec;
import org.jcodec.common.Format;
import org.jcodec.common.model.ColorSpace;
import org.jcodec.common.model.Packet;
import org.jcodec.common.model.Picture;

/**
 * One MP4 file of the simulated {@code screenrecord}: H.264 frames (JCodec, pure Java) that each show the number of
 * the app frame on screen, and at the end the Winscope block(s) AOSP's screenrecord writes at the simulated release.
 *
 * <p>What a frame shows (docs/report.md "Screen recording", the pattern a test reads back without fpsctl): the
 * picture is {@link #WIDTH} x {@link #HEIGHT} (small so encoding stays cheap on a 2-core machine), mid grey; the top
 * {@link #BITS} cells of a 4-column grid, {@link #CELL_W} x {@link #CELL_H} px each, row-major from the top left,
 * hold the number's bits, most significant first: luma 235 for 1, 16 for 0; under the grid the number in large
 * seven-segment digits for a person looking at the video.
 *
 * <p>Timing, as AOSP's screenrecord ({@code frameworks/av cmds/screenrecord/screenrecord.cpp runEncoder}): one video
 * frame per composition that changed the screen, its presentation time the CLOCK_MONOTONIC time in us at which
 * SurfaceFlinger committed that composition (a vsync before the display presents it: {@code
 * ScreenRecordCommand#COMMIT_AFTER_LATCH_NS}), the
 * MP4 track's times relative to the first frame (MediaMuxer). A frame's duration is only known when the next one
 * arrives, so each is written one frame late; the last lasts until the stop.
 *
 * <p>The Winscope blocks, per release as {@link Winscope} says: the legacy block ({@code #VV1NSC0PET1ME!#}, uint32
 * frame count, per frame uint64 CLOCK_BOOTTIME us) and the version-2 block ({@code #VV1NSC0PET1ME2#}, uint32 version
 * 2, int64 realtime-to-elapsed offset ns, uint32 frame count, then per frame uint64 CLOCK_BOOTTIME ns), all
 * little-endian. AOSP writes each as the one sample of its own ("application/octet-stream") track when the
 * recording stops; the simulator appends them in top-level {@code free} boxes after JCodec's {@code moov} instead
 * (JCodec has no data track). Players skip both; fpsctl finds a block by its magic either way. A file whose writer never reached {@link #finish} has no
 * {@code moov} and does not play, as a real screenrecord killed with SIGKILL (MPEG4Writer writes it at stop).
 */
final class ScreenVideo {
    static final int WIDTH = 144;
    static final int HEIGHT = 256;
    static final int BITS = 24;
    static final int CELL_W = 36;
    static final int CELL_H = 24;
    /** MPEG4Writer's video track timescale is 90 kHz (inferred from its default; JCodec writes the packet's). */
    private static final int TIMESCALE = 90_000;

    private final Path file;
    private final SinkImpl sink;
    private final List<Long> frameTimesNs = new ArrayList<>();
    private long firstNs = -1;
    private long pendingNs = -1;
    private int pendingNumber;
    private int written;

    ScreenVideo(Path file) throws IOException {
        this.file = file;
        this.sink = new FastSink(file);
        sink.init();
    }

    /** The screen shows app frame {@code number} from {@code monotonicNs} on. */
    void frame(long monotonicNs, int number) throws IOException {
        if (pendingNs >= 0 && monotonicNs <= pendingNs) {
            pendingNumber = number; // two changes within one composition: the later one is what is shown
            return;
        }
        flush(monotonicNs);
        pendingNs = monotonicNs;
        pendingNumber = number;
    }

    /** Frames so far (written or pending). */
    int frames() {
        return written + (pendingNs >= 0 ? 1 : 0);
    }

    /**
     * The Winscope blocks screenrecord writes at a release (screenrecord.cpp {@code runEncoder}, end of the encoder
     * loop, for an MP4 with frames): none before android 11 (android-security-10.0.0_r75 has no Winscope code);
     * {@code writeWinscopeMetadata} with the legacy magic on android 11 and 12 (android-security-11.0.0_r76,
     * android-12.1.0_r11); {@code writeWinscopeMetadataLegacy} and then the version-2 {@code writeWinscopeMetadata}
     * from android 13 QPR2 (android-13.0.0_r35, commits 39c217d0e7 and 47ccefe325 via tm-qpr2-release; LineageOS
     * lineage-20.0 runEncoder) and on 14 and later (android-14.0.0_r67, lineage-22.0 for 15; 16 not read: taken as
     * 15). Android 13 is split: its first releases (up to android-13.0.0_r30 and the android-security-13.0.0 line)
     * write the legacy block alone. The simulator cannot know a QPR, so its 13 writes what the newest 13 release
     * writes: both. Tags as merged into LineageOS android_frameworks_av's lineage-17.1..22.0 branches.
     */
    enum Winscope {
        NONE, LEGACY, LEGACY_AND_V2;

        static Winscope of(AndroidVersion v) {
            return v.major() <= 10 ? NONE : v.major() <= 12 ? LEGACY : LEGACY_AND_V2;
        }
    }

    /**
     * Writes the last frame (lasting until {@code stopNs}), the moov and the Winscope block(s) of {@code winscope};
     * closes the file.
     */
    void finish(long stopNs, long elapsedMinusMonotonicNs, long realMinusElapsedNs, Winscope winscope) throws IOException {
        if (pendingNs >= 0) {
            flush(Math.max(stopNs, pendingNs + 1_000_000L));
            pendingNs = -1;
        }
        sink.finish();
        if (frameTimesNs.isEmpty() || winscope == Winscope.NONE) {
            return;
        }
        int n = frameTimesNs.size();
        // AOSP writes each block as the one sample of its own data track; JCodec has none, so each goes in a
        // top-level free box after the moov (players skip it; fpsctl finds a block by its magic)
        ByteBuffer legacy = box(16 + 4 + 8 * n);
        // writeWinscopeMetadataLegacy (writeWinscopeMetadata on 11-13): uint32 count, then per frame uint64
        // ptsUsec + (elapsedRealtimeNano - systemTime(MONOTONIC)) / 1000, the offset cut to us as C's division does
        legacy.put("#VV1NSC0PET1ME!#".getBytes(StandardCharsets.US_ASCII));
        legacy.putInt(n);
        for (long t : frameTimesNs) {
            legacy.putLong(t / 1000 + elapsedMinusMonotonicNs / 1000);
        }
        List<ByteBuffer> blocks = new ArrayList<>(List.of(legacy));
        if (winscope == Winscope.LEGACY_AND_V2) {
            // writeWinscopeMetadata (14): uint32 version 2, int64 realtime-to-elapsed ns, uint32 count, then per
            // frame uint64 elapsedToMonotonicOffsetNs + ptsUsec * 1000 (the encoder keeps microseconds)
            ByteBuffer v2 = box(16 + 4 + 8 + 4 + 8 * n);
            v2.put("#VV1NSC0PET1ME2#".getBytes(StandardCharsets.US_ASCII));
            v2.putInt(2);
            v2.putLong(realMinusElapsedNs);
            v2.putInt(n);
            for (long t : frameTimesNs) {
                v2.putLong(elapsedMinusMonotonicNs + (t / 1000) * 1000);
            }
            blocks.add(v2);
        }
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.APPEND)) {
            for (ByteBuffer block : blocks) {
                block.flip();
                while (block.hasRemaining()) {
                    out.write(block);
                }
            }
        }
    }

    /** A {@code free} box of {@code payload} bytes, its header written, positioned at the payload (little-endian). */
    private static ByteBuffer box(int payload) {
        ByteBuffer b = ByteBuffer.allocate(8 + payload);
        b.order(ByteOrder.BIG_ENDIAN).putInt(8 + payload).put("free".getBytes(StandardCharsets.US_ASCII));
        return b.order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Leaves the file as a killed screenrecord leaves it: no moov, no Winscope block. */
    void abandon() {
        // the sink's channel stays as it is until the device's files are deleted: no moov is ever written
    }

    private void flush(long nextNs) throws IOException {
        if (pendingNs < 0) {
            return;
        }
        if (firstNs < 0) {
            firstNs = pendingNs;
        }
        long pts = (pendingNs / 1000 - firstNs / 1000) * TIMESCALE / 1_000_000L;
        long end = (nextNs / 1000 - firstNs / 1000) * TIMESCALE / 1_000_000L;
        Picture picture = draw(pendingNumber);
        Packet packet = Packet.createPacket(null, pts, TIMESCALE, Math.max(1, end - pts), written,
                Packet.FrameType.UNKNOWN, null);
        sink.outputVideoFrame(new VideoFrameWithPacket(packet, new PixelStore.LoanerPicture(picture, 0)));
        frameTimesNs.add(pendingNs);
        written++;
    }

    /**
     * JCodec's sink with its H.264 encoder's motion search off: the pictures are flat blocks that never move, and
     * the search is most of the encoding time (measured: 32 ms a frame with it, on a loaded 2-core machine).
     */
    private static final class FastSink extends SinkImpl {
        private final org.jcodec.codecs.h264.H264Encoder encoder = org.jcodec.codecs.h264.H264Encoder.createH264Encoder();

        FastSink(Path file) {
            super(file.toString(), Format.MOV, Codec.H264, null); // the sink opens (and closes) the file itself
            encoder.setMotionSearchRange(0);
            encoder.setKeyInterval(60);
        }

        @Override
        protected org.jcodec.common.VideoEncoder.EncodedFrame encodeVideo(Picture picture, ByteBuffer buffer) {
            return encoder.encodeFrame(picture, buffer);
        }
    }

    /** The picture for {@code number} (JCodec keeps samples as value - 128). */
    static Picture draw(int number) {
        Picture p = Picture.create(WIDTH, HEIGHT, ColorSpace.YUV420J);
        byte[] y = p.getPlaneData(0);
        java.util.Arrays.fill(y, (byte) (128 - 128));
        java.util.Arrays.fill(p.getPlaneData(1), (byte) 0);
        java.util.Arrays.fill(p.getPlaneData(2), (byte) 0);
        for (int bit = 0; bit < BITS; bit++) {
            boolean one = ((number >>> (BITS - 1 - bit)) & 1) != 0;
            int cx = (bit % 4) * CELL_W;
            int cy = (bit / 4) * CELL_H;
            fill(y, cx, cy, CELL_W, CELL_H, one ? 235 : 16);
        }
        digits(y, Integer.toString(number), (BITS / 4) * CELL_H + 16);
        return p;
    }

    private static void fill(byte[] y, int x0, int y0, int w, int h, int luma) {
        for (int yy = y0; yy < y0 + h && yy < HEIGHT; yy++) {
            for (int xx = x0; xx < x0 + w && xx < WIDTH; xx++) {
                y[yy * WIDTH + xx] = (byte) (luma - 128);
            }
        }
    }

    /** Seven segments a..g per digit: a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle. */
    private static final int[] SEGMENTS = {0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F};

    private static void digits(byte[] y, String text, int top) {
        int n = text.length();
        int w = Math.min(26, (WIDTH - 8) / Math.max(1, n)) - 4;
        int h = 2 * w;
        int t = Math.max(2, w / 6);
        int x = (WIDTH - n * (w + 4)) / 2;
        for (char c : text.toCharArray()) {
            int s = SEGMENTS[c - '0'];
            if ((s & 1) != 0) fill(y, x, top, w, t, 235);
            if ((s & 2) != 0) fill(y, x + w - t, top, t, h / 2, 235);
            if ((s & 4) != 0) fill(y, x + w - t, top + h / 2, t, h / 2, 235);
            if ((s & 8) != 0) fill(y, x, top + h - t, w, t, 235);
            if ((s & 16) != 0) fill(y, x, top + h / 2, t, h / 2, 235);
            if ((s & 32) != 0) fill(y, x, top, t, h / 2, 235);
            if ((s & 64) != 0) fill(y, x, top + h / 2 - t / 2, w, t, 235);
            x += w + 4;
        }
    }
}
