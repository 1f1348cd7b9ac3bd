package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reproducers of issue 24 finding 3 (impossible numbers reported as measurements) and of finding 10 (a negative
 * threshold, UTF-16 dumps), each through the real commands in-process, with inputs written here by hand and the
 * figures worked out by hand in the comments (docs/metrics.md, "What fpsctl refuses to believe").
 *
 * <p>Golden texts: {@code --latency} is the period line then {@code desiredPresent \t actualPresent \t frameReady}
 * rows, as {@code FrameTracker::dumpStats} prints them (frameworks/native services/surfaceflinger/FrameTracker.cpp,
 * {@code "%" PRId64 "\t%" PRId64 "\t%" PRId64 "\n"}). The framestats header is Android 12's 22 columns
 * (frameworks/base libs/hwui/FrameInfo.cpp {@code FrameInfoNames}, android-12.0.0_r1, as docs/formats.md 5.1 gives it), whose
 * columns labelled FrameInterval and FrameStartTime hold each other's values (docs/metrics.md 1).
 */
class PlausibilityRegressionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HEADER_12 = "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,"
            + "AnimationStart,PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,"
            + "SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,"
            + "GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,";
    private static final long T60 = 16_666_667;

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        return file(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private Path file(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    /** The one error line of a refused run (warnings aside), checked to name {@code file}. */
    private static String oneError(Cli r, Path file) {
        List<String> errors = r.err.lines().filter(l -> !l.startsWith("fpsctl: warning")).toList();
        assertEquals(1, errors.size(), r.toString());
        assertTrue(errors.get(0).startsWith("fpsctl: ") && errors.get(0).contains(file.getFileName().toString()),
                r.toString());
        return errors.get(0);
    }

    private static JsonNode analyzed(Path file) throws IOException {
        Cli r = Cli.run("analyze", file.toString(), "--format", "json");
        assertEquals(0, r.exit, r.toString());
        return JSON.readTree(r.out);
    }

    // ---- --latency: the period line ----

    @Test
    void aLatencyDumpWhosePeriodIsTwoNanosecondsIsRefused() throws IOException {
        // was: refreshHz 5e8, fps 5e8, and gate --from its summary with --min-fps 60 --max-p90-ms 16 passed
        Path dump = file("period2.txt", "2\n0\t1000000000\t0\n0\t1016666667\t0\n0\t1033333334\t0\n\n");
        Cli r = Cli.run("analyze", dump.toString(), "--format", "json");
        assertEquals(ExitCode.IO, r.exit, r.toString());
        String error = oneError(r, dump);
        assertTrue(error.contains("line 1") && error.contains("2 ns") && error.contains("1–1000 Hz"), error);
        assertEquals(error.substring("fpsctl: ".length()), JSON.readTree(r.out).get("error").asText());
    }

    @Test
    void aFileHoldingOnlyOneIsRefused() throws IOException {
        Path dump = file("one.txt", "1\n"); // was: refreshHz 1e9, exit 0
        Cli r = Cli.run("analyze", dump.toString());
        assertEquals(ExitCode.IO, r.exit, r.toString());
        assertTrue(oneError(r, dump).contains("the refresh period 1 ns"), r.err);
    }

    @Test
    void theSummaryAnOlderFpsctlWroteFromThatDumpFailsTheGateWithOneLine() throws IOException {
        // what fpsctl printed for the period-2 dump before: every rate 5e8 Hz
        Path summary = file("old.json", "{\"schemaVersion\":1,\"source\":\"surfaceflinger\",\"package\":null,"
                + "\"refreshHz\":500000000.0,\"frames\":126,\"timedFrames\":125,\"fps\":500000000.0,"
                + "\"spanFps\":500000000.0,\"jankyFrames\":0,\"jankPercent\":0.0,\"droppedFrames\":0,\"overflows\":0,"
                + "\"frameTimeMs\":{\"p50\":0.0,\"p90\":0.0,\"p95\":0.0,\"p99\":0.0,\"max\":0.0,\"mean\":0.0}}");
        Cli r = Cli.run("gate", "--from", summary.toString(), "--min-fps", "60", "--max-p90-ms", "16");
        assertEquals(ExitCode.IO, r.exit, r.toString());
        assertTrue(oneError(r, summary).contains("refreshHz 5.0E8 is no display's (1–1000 Hz)"), r.err);
    }

    // ---- --latency: rows ----

    @Test
    void aNegativePresentTimeIsRejectedWithItsLineAndMinusOneIsNoFrame() throws IOException {
        // line 3's -5 is no time; line 4's -1 is Fence::SIGNAL_TIME_INVALID (no frame). Left: presents at 1.0 s and
        // 1.016666667 s: 2 frames, one gap of one period; fps = (2 − 1 segment) / 0.016666667 s = 59.99999 → 60.0
        Path dump = file("negative.txt", "16666667\n0\t1000000000\t0\n0\t-5\t0\n0\t-1\t0\n0\t1016666667\t0\n\n");
        JsonNode s = analyzed(dump);
        assertEquals(2, s.get("frames").asLong());
        assertEquals(60.0, s.get("fps").asDouble());
        assertEquals(List.of("1 impossible row(s) rejected (first: line 3: actualPresent -5 is no CLOCK_MONOTONIC time)"),
                warnings(s));
    }

    // ---- gfxinfo: the frame interval ----

    /**
     * One Android 12 framestats row: IntendedVsync {@code iv}, FrameCompleted {@code iv + durationNs}, the interval
     * (under the label FrameStartTime) {@code interval}, the start time (under FrameInterval) {@code iv}; the other
     * stages in order 1–7 ms after {@code iv}; GpuCompleted 0 (so janky = duration &gt; T).
     */
    private static String row(long iv, long durationNs, long interval) {
        long ms = 1_000_000;
        long[] v = {0, 1, iv, iv, 0, iv + ms, iv + ms, iv + 2 * ms, iv + 3 * ms, iv + T60, iv, interval, iv + 4 * ms,
            iv + 4 * ms, iv + 5 * ms, iv + 6 * ms, iv + durationNs, 100_000, 100_000, 0, iv + 7 * ms, 0};
        StringBuilder b = new StringBuilder();
        for (long x : v) {
            b.append(x).append(',');
        }
        return b.append('\n').toString();
    }

    @Test
    void aRowWhoseFrameIntervalIsOneNanosecondIsRejectedWithItsLine() throws IOException {
        // was: 672,025,581 dropped frames for 120 frames (a 16 ms frame is 16 million 1 ns vsyncs).
        // Rows 1 and 3 stay: 10 ms (ceil(10 / 16.666667) − 1 = 0 dropped) and 40 ms (ceil(2.4) − 1 = 2 dropped, janky);
        // fps = 1e9 × 2 / ((0 + 1) + (2 + 1)) × 16 666 667 ns = 29.9999998 → 30.0; p50 (rank 1 of 2) 10 ms,
        // p90 (rank ceil(1.8) = 2) 40 ms.
        Path dump = file("interval1.txt", "---PROFILEDATA---\n" + HEADER_12 + "\n"
                + row(2_000_000_000L, 10_000_000, T60)
                + row(2_016_666_667L, 8_000_000, 1)
                + row(2_033_333_334L, 40_000_000, T60)
                + "---PROFILEDATA---\n");
        JsonNode s = analyzed(dump);
        assertEquals(2, s.get("frames").asLong());
        assertEquals(2, s.get("droppedFrames").asLong());
        assertEquals(1, s.get("jankyFrames").asLong());
        assertEquals(30.0, s.get("fps").asDouble());
        assertEquals(60.0, s.get("refreshHz").asDouble());
        assertEquals(10.0, s.get("frameTimeMs").get("p50").asDouble());
        assertEquals(40.0, s.get("frameTimeMs").get("p90").asDouble());
        List<String> w = warnings(s);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("1 impossible row(s) rejected (first: line 4: frame interval 1 ns "), w.get(0));
    }

    /**
     * A whole {@code dumpsys gfxinfo PKG framestats} around the rows, as Android 12 prints it: the header of
     * ActivityManagerService {@code dumpGraphicsHardwareUsage} ({@code "Uptime: " + uptimeMillis + " Realtime: " +
     * realtime}), the process line, the process's own {@code Stats since}, then the window's title line
     * (WindowManagerGlobal {@code dumpGfxInfo}, {@code "\n\t%s (visibility=%d)"}), hwui's {@code "\nWindow: %s"} and
     * the window's {@code "\nStats since: %lluns"} (ProfileData::dump), and its PROFILEDATA block. Lines 1-14 come
     * before the rows: the first row is line 15.
     */
    private static String dumpAround(String uptimeLine, String windowStatsSince, String rows) {
        return "Applications Graphics Acceleration Info:\n"        // 1
                + uptimeLine + "\n"                                 // 2
                + "\n"                                              // 3
                + "** Graphics info for pid 4242 [com.example.feed] **\n" // 4
                + "\n"                                              // 5
                + "Stats since: 100ns\n"                            // 6: the process's, not the window's
                + "Total frames rendered: 3\n"                      // 7
                + "Profile data in ms:\n"                           // 8
                + "\n"                                              // 9
                + "\tcom.example.feed/com.example.feed.MainActivity/android.view.ViewRootImpl@1a2b3c (visibility=0)\n"
                + "Window: com.example.feed/com.example.feed.MainActivity\n" // 11
                + windowStatsSince + "\n"                           // 12
                + "---PROFILEDATA---\n"                             // 13
                + HEADER_12 + "\n"                                  // 14
                + rows + "---PROFILEDATA---\n";
    }

    @Test
    void aFrameLongerThanItsDumpSpansIsRejectedWithItsLine() throws IOException {
        // The dump was taken at uptime 3600 ms (its end: 3.601 s, the ms rounded up); the window began recording at
        // 3.0 s. Its span: 0.601 s; a frame is believed up to 0.601 + 1 s (in flight at a reset) = 1.601 s.
        // Line 16: IntendedVsync 1.0 s, FrameCompleted 3.116666667 s: 2116.67 ms, under the 1 h rule but longer than
        // the dump spans: rejected. Lines 15 and 17 (10 ms and 40 ms) stay, and line 18, 620 ms from 2.5 s, began
        // before Stats since but within the second a frame in flight at a reset may take: kept.
        String rows = row(3_100_000_000L, 10_000_000, T60) + row(1_000_000_000L, 2_116_666_667L, T60)
                + row(3_133_333_334L, 40_000_000, T60) + row(2_500_000_000L, 620_000_000, T60);
        JsonNode s = analyzed(file("span.txt", dumpAround("Uptime: 3600 Realtime: 3700",
                "Stats since: 3000000000ns", rows)));
        assertEquals(3, s.get("frames").asLong(), s.toString());
        assertEquals(620.0, s.get("frameTimeMs").get("max").asDouble(), s.toString());
        List<String> w = warnings(s).stream().filter(x -> x.contains("impossible row")).toList();
        assertEquals(List.of("1 impossible row(s) rejected (first: line 16: a frame of 2116.67 ms (IntendedVsync "
                + "1000000000 to FrameCompleted 3116666667) is longer than the 601.00 ms its dump spans (from its "
                + "window's Stats since 3000000000ns to its Uptime) and 1 s in flight)"), w);

        // without its Uptime line the dump ends with its newest frame (3.1733 s): span 0.1733 s + 1 s; the 2116.67 ms
        // frame is still rejected, the 620 ms one still kept
        JsonNode noUptime = analyzed(file("span-no-uptime.txt", dumpAround("", "Stats since: 3000000000ns", rows)));
        assertEquals(3, noUptime.get("frames").asLong(), noUptime.toString());

        // a dump that does not say when its window began recording (only the process's Stats since): no span, the
        // 1 h rule alone; all four frames are kept
        JsonNode noSince = analyzed(file("span-unknown.txt", dumpAround("Uptime: 3600 Realtime: 3700", "", rows)));
        assertEquals(4, noSince.get("frames").asLong(), noSince.toString());
        assertEquals(2116.67, noSince.get("frameTimeMs").get("max").asDouble(), noSince.toString());
    }

    @Test
    void aDumpWhoseEveryIntervalIsOneNanosecondIsRefused() throws IOException {
        Path dump = file("all1.txt", "---PROFILEDATA---\n" + HEADER_12 + "\n" + row(2_000_000_000L, 10_000_000, 1)
                + row(2_016_666_667L, 8_000_000, 1) + row(2_033_333_334L, 40_000_000, 1) + "---PROFILEDATA---\n");
        Cli r = Cli.run("analyze", dump.toString());
        assertEquals(ExitCode.IO, r.exit, r.toString());
        assertTrue(oneError(r, dump).contains("no frame is possible: 3 impossible row(s) rejected (first: line 3: "
                + "frame interval 1 ns"), r.err);
    }

    @Test
    void aRowWhoseTwoIntervalColumnsBothHoldPeriodsIsRejectedAndTheNextRowDecides() throws IOException {
        // line 3: FrameInterval 1, FrameStartTime 16 666 667: neither is a start time (both below 1e9), so which one
        // is the interval is unknown: rejected. Line 4 (start time 2.0166 s, interval 16 666 667) decides the block.
        // Left: rows 2 and 3 of the block, 8 ms (0 dropped) and 40 ms (2 dropped): fps = 2e9 / (4 × 16 666 667) = 30.0
        String bad = row(2_000_000_000L, 10_000_000, T60).replace(",2000000000,16666667,", ",1,16666667,");
        Path dump = file("ambiguous.txt", "---PROFILEDATA---\n" + HEADER_12 + "\n" + bad
                + row(2_016_666_667L, 8_000_000, T60) + row(2_033_333_334L, 40_000_000, T60) + "---PROFILEDATA---\n");
        JsonNode s = analyzed(dump);
        assertEquals(2, s.get("frames").asLong());
        assertEquals(30.0, s.get("fps").asDouble());
        assertTrue(warnings(s).get(0).startsWith("1 impossible row(s) rejected (first: line 3: FrameInterval 1 and "
                + "FrameStartTime 16666667 are both below 1e9 ns"), warnings(s).toString());
    }

    // ---- frames CSV ----

    private static final String CSV_HEADER = "device,package,source,window,intendedVsyncNs,endNs,intervalNs,durationMs,"
            + "flags\n";

    /** Three 60 Hz rows; the middle one (line 3, really 3.333 ms long) says it lasted {@code middleMs}. */
    private Path csv(String name, String middleMs) throws IOException {
        return file(name, CSV_HEADER
                + ",p,gfxinfo,w,2000000000,2010000000,16666667,10,0\n"
                + ",p,gfxinfo,w,2016666667,2020000000,16666667," + middleMs + ",0\n"
                + ",p,gfxinfo,w,2033333334,2053333334,16666667,20,0\n");
    }

    /**
     * What is left once line 3 is rejected: 10 ms (0 dropped) and 20 ms (ceil(1.2) − 1 = 1 dropped): fps = 2e9 /
     * ((1 + 2) × 16 666 667) = 39.9999992 → 40.0; max 20.00 and p90 (rank 2 of 2) 20.00.
     */
    private static void twoFramesLeft(JsonNode s) {
        assertEquals(2, s.get("frames").asLong());
        assertEquals(1, s.get("droppedFrames").asLong());
        assertEquals(40.0, s.get("fps").asDouble());
        assertEquals(20.0, s.get("frameTimeMs").get("max").asDouble());
        assertEquals(20.0, s.get("frameTimeMs").get("p90").asDouble());
    }

    @Test
    void aCsvRowOfNegativeDurationIsRejectedAndTheGateJudgesTheRest() throws IOException {
        // was: frameTimeMs.max -1 with p99 0, and the gate passed
        Path in = csv("negative.csv", "-1");
        JsonNode s = analyzed(in);
        twoFramesLeft(s);
        assertEquals(List.of("1 impossible row(s) rejected (first: line 3: durationMs -1.000 is negative)"), warnings(s));

        Path summary = file("negative.json", Cli.run("analyze", in.toString(), "--format", "json").out);
        Cli gate = Cli.run("gate", "--from", summary.toString(), "--min-fps", "30", "--max-p90-ms", "16");
        assertEquals(ExitCode.GATE_FAILED, gate.exit, gate.toString()); // p90 20.00 > 16
    }

    @Test
    void aCsvDurationThatContradictsItsTimestampsIsRejected() throws IOException {
        // was: one row of durationMs 77337215 turned fps 98 into 0
        JsonNode s = analyzed(csv("contradiction.csv", "77337215"));
        twoFramesLeft(s);
        assertEquals(List.of("1 impossible row(s) rejected (first: line 3: durationMs 77337215.000 contradicts "
                + "endNs − intendedVsyncNs = 3.333 ms)"), warnings(s));
    }

    @Test
    void aCsvDurationPrintedWithTwoDecimalsStillReads() throws IOException {
        // line 3 lasts 3.333333 ms; "3.33" is 3.333 µs off, within the 10 µs allowed
        JsonNode s = analyzed(csv("rounded.csv", "3.33"));
        assertEquals(3, s.get("frames").asLong());
        assertEquals(List.of(), warnings(s));
    }

    // ---- gate --from: the summary's types and ranges ----

    private static final String GOOD = "{\"schemaVersion\":1,\"source\":\"gfxinfo\",\"package\":\"p\",\"refreshHz\":60.0,"
            + "\"frames\":2,\"timedFrames\":2,\"fps\":40.0,\"spanFps\":40.0,\"jankyFrames\":0,\"jankPercent\":0.0,"
            + "\"droppedFrames\":1,\"overflows\":0,\"dropLevels\":{\"best\":2,\"normal\":0,\"middle\":0,\"high\":0,"
            + "\"frozen\":0},\"frameTimeMs\":{\"p50\":10.0,\"p90\":20.0,\"p95\":20.0,\"p99\":20.0,\"max\":20.0,"
            + "\"mean\":15.0},\"partial\":false}";

    private Cli gateFrom(String name, String json) throws IOException {
        return Cli.run("gate", "--from", file(name, json).toString(), "--min-fps", "30");
    }

    @Test
    void aPossibleSummaryIsJudged() throws IOException {
        Cli r = gateFrom("good.json", GOOD);
        assertEquals(ExitCode.OK, r.exit, r.toString()); // fps 40.0 ≥ 30
    }

    @Test
    void partialYesIsRefused() throws IOException {
        Cli r = gateFrom("partial.json", GOOD.replace("\"partial\":false", "\"partial\":\"yes\""));
        assertEquals(ExitCode.IO, r.exit, r.toString());
        assertTrue(r.err.contains("'partial' must be true or false, got \"yes\""), r.err);
    }

    @Test
    void aRateWrittenAsTextIsRefused() throws IOException {
        Cli r = gateFrom("text.json", GOOD.replace("\"fps\":40.0", "\"fps\":\"60\""));
        assertEquals(ExitCode.IO, r.exit, r.toString());
        assertTrue(r.err.contains("'fps' must be a number or null, got \"60\""), r.err);
    }

    @Test
    void impossibleFiguresAreRefused() throws IOException {
        // 672 025 581 dropped for 120 frames: 5.6 million each, more than an hour-long frame misses at 1000 Hz (3.6 M)
        String dropped = GOOD.replace("\"frames\":2,\"timedFrames\":2", "\"frames\":120,\"timedFrames\":2")
                .replace("\"droppedFrames\":1", "\"droppedFrames\":672025581");
        assertTrue(gateFrom("dropped.json", dropped).err.contains("droppedFrames 672025581 for 120 frames"));
        assertEquals(ExitCode.IO, gateFrom("fps.json", GOOD.replace("\"fps\":40.0", "\"fps\":61.0")).exit);
        assertEquals(ExitCode.IO, gateFrom("max.json", GOOD.replace("\"max\":20.0", "\"max\":-1.0")).exit);
        assertEquals(ExitCode.IO, gateFrom("order.json", GOOD.replace("\"p99\":20.0", "\"p99\":0.0")).exit);
        assertEquals(ExitCode.IO, gateFrom("jank.json", GOOD.replace("\"jankPercent\":0.0", "\"jankPercent\":101.0"))
                .exit);
        Cli r = gateFrom("schema.json", GOOD.replace("\"schemaVersion\":1", "\"schemaVersion\":2"));
        assertEquals(ExitCode.IO, r.exit);
        assertEquals(1, r.err.lines().count(), r.err);
    }

    // ---- arguments ----

    @Test
    void aNegativeThresholdSaysItMustBeZeroOrMore() throws IOException {
        Cli r = Cli.run("gate", "--from", file("good.json", GOOD).toString(), "--min-fps", "-1");
        assertEquals(ExitCode.USAGE, r.exit, r.toString());
        assertTrue(r.err.contains("'-1' is out of range: it must be 0 or more"), r.err);
        Cli hz = Cli.run("analyze", file("lat.txt", "16666667\n").toString(), "--refresh-rate", "5000");
        assertEquals(ExitCode.USAGE, hz.exit, hz.toString());
        assertTrue(hz.err.contains("must be 1 to 1000 Hz"), hz.err);
    }

    // ---- UTF-16 ----

    @Test
    void aDumpSavedAsUtf16ReadsLikeItsText() throws IOException {
        // presents at 1.0, 1.016666667, 1.033333334 and 1.066666668 s: gaps of 1, 1 and 2 periods; fps = (4 − 1) /
        // 0.066666668 s = 44.99999 → 45.0; dropped = round(2) − 1 = 1 on the last gap
        String text = "16666667\r\n0\t1000000000\t0\r\n0\t1016666667\t0\r\n0\t1033333334\t0\r\n0\t1066666668\t0\r\n\r\n";
        JsonNode utf8 = analyzed(file("utf8.txt", text));
        assertEquals(4, utf8.get("frames").asLong());
        assertEquals(45.0, utf8.get("fps").asDouble());
        assertEquals(1, utf8.get("droppedFrames").asLong());
        byte[] le = text.getBytes(StandardCharsets.UTF_16LE);
        byte[] be = text.getBytes(StandardCharsets.UTF_16BE);
        byte[][] variants = {concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, le), le,
            concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, be), be,
            concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, text.getBytes(StandardCharsets.UTF_8))};
        for (int i = 0; i < variants.length; i++) {
            JsonNode s = analyzed(file("utf16-" + i + ".txt", variants[i]));
            assertEquals(utf8.get("frames"), s.get("frames"), "variant " + i);
            assertEquals(utf8.get("fps"), s.get("fps"), "variant " + i);
            assertEquals(utf8.get("droppedFrames"), s.get("droppedFrames"), "variant " + i);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static List<String> warnings(JsonNode s) {
        return JSON.convertValue(s.get("warnings"), JSON.getTypeFactory().constructCollectionType(List.class,
                String.class));
    }
}
