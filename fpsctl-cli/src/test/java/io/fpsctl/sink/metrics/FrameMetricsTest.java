package io.fpsctl.sink.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.SurfaceFrameRecord;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FrameMetricsTest {
    private static final long T = 16_666_667; // 60 Hz
    private static final String DEV = "device=\"d1\"";

    /** A complete frame: IntendedVsync {@code v}, FrameCompleted {@code v + ms}, no GPU/deadline columns. */
    private static RenderedFrame frame(String window, long v, long ms) {
        long d = ms * 1_000_000;
        return new RenderedFrame(window, 0, v, v, v + d / 10, v + d / 10, v + d / 5, v + d / 4, v + d / 2, v + d / 2,
                v + d / 2, v + d * 3 / 4, v + d, 0, 0, T);
    }

    private static String scrape(PrometheusRegistry registry) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PrometheusTextFormatWriter(false).write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The value of the one line that starts with {@code metric{} and contains every {@code part}. */
    private static double value(String text, String metric, String... parts) {
        return text.lines().filter(l -> l.startsWith(metric + "{"))
                .filter(l -> Arrays.stream(parts).allMatch(l::contains))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    @Test
    void bucketsSitOnVsyncMultiplesOfEveryRefreshRate() {
        double[] b = FrameMetrics.bucketBounds();
        for (double expected : new double[] {0.016666667, 0.033333333, 0.05, 0.066666667, 0.011111111, 0.022222222,
            0.008333333, 0.025, 0.006944444, 0.013888889, 0.020833333, 0.1, 1.0}) {
            assertTrue(Arrays.stream(b).anyMatch(x -> Math.abs(x - expected) < 1e-12), expected + " in "
                    + Arrays.toString(b));
        }
        for (int i = 1; i < b.length; i++) {
            assertTrue(b[i] > b[i - 1], "sorted, no duplicates: " + Arrays.toString(b));
        }
    }

    /**
     * Device text in label values (window, serial, getprop model and release): ESC, C0, C1 and bidi overrides never
     * reach a reader of /metrics; they read as the terminal's visible forms, whose backslash the format escapes.
     */
    @Test
    void hostileLabelValuesCarryNoControlCharacter() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        AtomicLong clock = new AtomicLong();
        FrameMetrics m = new FrameMetrics(registry, 4, Duration.ofMinutes(1), clock::get, "9.9.9");
        PackageListener l = m.listener(new FrameMetrics.Device("d\u001b[2J", "Pixel\u009b31m", "14\u202e"), "com.a");
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), l);
        String title = "\u001b]0;PWNED\u0007\r\u0085X";
        e.blockStart(title);
        e.frame(frame(title, 10_000_000_000L, 6));
        e.blockEnd();
        String text = scrape(registry);
        for (char c : text.toCharArray()) {
            assertFalse((c < 0x20 && c != '\n') || (c >= 0x7f && c < 0xa0) || (c >= 0x202a && c <= 0x202e),
                    "raw U+" + Integer.toHexString(c) + " in\n" + text);
        }
        // written by hand: TerminalText's forms, each backslash doubled by the exposition format
        assertEquals(1, value(text, "fpsctl_frames_total", "device=\"d\\\\e[2J\"",
                "window=\"\\\\e]0;PWNED\\\\x07\\\\x0d\\\\u0085X\""), text);
        assertTrue(text.contains("model=\"Pixel\\\\u009b31m\"") && text.contains("android=\"14\\\\u202e\""), text);
    }

    /**
     * Two different titles never share a series: one holding ESC and one holding backslash-e are two label values
     * (the text's own backslash doubled first), and non-ASCII text passes unchanged. Expected by hand: ESC is
     * {@code \e}, a literal backslash {@code \\}, each backslash doubled again by the exposition format.
     */
    @Test
    void labelValuesAreOneToOneAndKeepNonAsciiText() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        AtomicLong clock = new AtomicLong();
        FrameMetrics m = new FrameMetrics(registry, 4, Duration.ofMinutes(1), clock::get, "9.9.9");
        String model = "Pixel f\u00fcr \u00dcn\u00efc\u00f8d\u00e9 \u65e5\u672c";
        PackageListener l = m.listener(new FrameMetrics.Device("d1", model, "14"), "com.a");
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), l);
        for (String title : new String[] {"a\u001bb", "a\\eb"}) {
            e.blockStart(title);
            e.frame(frame(title, 10_000_000_000L, 6));
            e.blockEnd();
        }
        String text = scrape(registry);
        assertEquals(1, value(text, "fpsctl_frames_total", "window=\"a\\\\eb\""), text);
        assertEquals(1, value(text, "fpsctl_frames_total", "window=\"a\\\\\\\\eb\""), text);
        assertTrue(text.contains("model=\"" + model + "\""), text);
    }

    /**
     * A device that goes away before any frame of the app was read (the exporter was still preparing) leaves no
     * coverage gap: nothing was covered yet. The frames read once it is back are the first, and the next ones
     * follow them one vsync apart: no gap of one frame interval either. A later absence counts as usual.
     */
    @Test
    void anAbsenceBeforeTheFirstFrameIsNoGap() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        AtomicLong clock = new AtomicLong();
        FrameMetrics m = new FrameMetrics(registry, 2, Duration.ofMinutes(1), clock::get, "9.9.9");
        PackageListener l = m.listener(new FrameMetrics.Device("d1", "Pixel 8", "14"), "com.a");
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), l);
        long v = 10_000_000_000L;
        l.disconnected(Long.MIN_VALUE); // as when preparing the measurement found the device gone: no engine looked
        e.blockStart("A");
        e.frame(frame("A", v, 6));
        e.frame(frame("A", v + T, 6));
        e.frame(frame("A", v + 2 * T, 6));
        e.blockEnd();
        String text = scrape(registry);
        assertEquals(3, value(text, "fpsctl_frames_total", DEV), text);
        assertEquals(0, value(text, "fpsctl_coverage_gaps_total", DEV), text);
        assertEquals(0, value(text, "fpsctl_coverage_gap_seconds_total", DEV), text);
        // away again, now after frames were read: from the newest one before (v + 2T) to the next (v + 2T + 3 s)
        l.disconnected(e.newestFrameNs());
        e.blockStart("A");
        e.frame(frame("A", v + 2 * T + 3_000_000_000L, 6));
        e.blockEnd();
        text = scrape(registry);
        assertEquals(1, value(text, "fpsctl_coverage_gaps_total", DEV), text);
        assertEquals(3.0, value(text, "fpsctl_coverage_gap_seconds_total", DEV), 1e-9);
    }

    /**
     * The engine's first look takes the rows already in the rings as history: not counted, not sent to the listener,
     * yet the device was covered from then on. A device that goes away after that look and before the first new
     * frame leaves one gap, measured (by hand) from the history's newest frame (v + 2T) to the first frame read once
     * it is back (v + 2T + 4 s): 4 s. The frame drawn after it follows one vsync later: no second gap.
     */
    @Test
    void anAbsenceAfterOnlyHistoryWasReadIsAGapFromTheHistory() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        AtomicLong clock = new AtomicLong();
        FrameMetrics m = new FrameMetrics(registry, 2, Duration.ofMinutes(1), clock::get, "9.9.9");
        PackageListener l = m.listener(new FrameMetrics.Device("d1", "Pixel 8", "14"), "com.a");
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), l);
        long v = 10_000_000_000L;
        FrameSink history = e.input(FrameEngine.Rows.HISTORY);
        history.blockStart("A");
        history.frame(frame("A", v, 6));
        history.frame(frame("A", v + T, 6));
        history.frame(frame("A", v + 2 * T, 6));
        history.blockEnd();
        String text = scrape(registry);
        assertEquals(0, value(text, "fpsctl_frames_total", DEV), "history is not counted: " + text);
        l.disconnected(e.newestFrameNs()); // what the exporter's loop passes: how far the engine had seen
        long back = v + 2 * T + 4_000_000_000L;
        e.blockStart("A");
        e.frame(frame("A", back, 6));
        e.frame(frame("A", back + T, 6));
        e.blockEnd();
        text = scrape(registry);
        assertEquals(2, value(text, "fpsctl_frames_total", DEV), text);
        assertEquals(1, value(text, "fpsctl_coverage_gaps_total", DEV, "package=\"com.a\""), text);
        assertEquals(4.0, value(text, "fpsctl_coverage_gap_seconds_total", DEV), 1e-9);
    }

    @Test
    void countsFramesJankHistogramCapsWindowsAndExpiresSeries() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        AtomicLong clock = new AtomicLong();
        FrameMetrics m = new FrameMetrics(registry, 2, Duration.ofMinutes(1), clock::get, "9.9.9");
        PackageListener l = m.listener(new FrameMetrics.Device("d1", "Pixel 8", "14"), "com.a");
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), l);
        long v = 10_000_000_000L;
        e.blockStart("A");
        e.frame(frame("A", v, 6));          // 6 ms: fits
        e.frame(frame("A", v + T, 10));     // 10 ms: fits
        e.frame(frame("A", v + 2 * T, 40)); // 40 ms > T: janky, missed vsyncs
        e.blockEnd();
        for (String w : new String[] {"B", "C", "D"}) {
            e.blockStart(w);
            e.frame(frame(w, v + 3 * T, 5));
            e.blockEnd();
        }
        String text = scrape(registry);
        assertEquals(3, value(text, "fpsctl_frames_total", DEV, "window=\"A\""), text);
        assertEquals(1, value(text, "fpsctl_frames_total", DEV, "window=\"B\""), text);
        // cap of 2 windows: C and D share "other"
        assertEquals(2, value(text, "fpsctl_frames_total", DEV, "window=\"other\""), text);
        assertEquals(0, value(text, "fpsctl_frames_total", "window=\"C\""), text);
        assertEquals(1, value(text, "fpsctl_janky_frames_total", DEV, "window=\"A\""), text);
        double dropped = value(text, "fpsctl_dropped_vsyncs_total", DEV, "window=\"A\"");
        assertTrue(dropped >= 1 && dropped <= 2, text);
        // best = fewer than 3 missed vsyncs (docs/metrics.md section 3): all three
        assertEquals(3, value(text, "fpsctl_drop_level_frames_total", "window=\"A\"", "level=\"best\""), text);
        // histogram: 6 and 10 ms are within one 60 Hz vsync, 40 ms within 3
        assertEquals(2, value(text, "fpsctl_frame_time_seconds_bucket", "window=\"A\"", "le=\"0.016666667\""), text);
        assertEquals(2, value(text, "fpsctl_frame_time_seconds_bucket", "window=\"A\"", "le=\"0.033333333\""), text);
        assertEquals(3, value(text, "fpsctl_frame_time_seconds_bucket", "window=\"A\"", "le=\"0.05\""), text);
        assertEquals(0.056, value(text, "fpsctl_frame_time_seconds_sum", "window=\"A\""), 1e-9);
        assertEquals(60.0, value(text, "fpsctl_refresh_rate_hz", DEV), 0.01);
        // issue 25: model and Android version in one info series per device (value 1), on no other series
        assertEquals(1, value(text, "fpsctl_device_info", DEV, "model=\"Pixel 8\"", "android=\"14\""), text);
        assertEquals(1, text.lines().filter(x -> x.startsWith("fpsctl_device_info{")).count(), text);
        assertEquals(List.of(), text.lines().filter(x -> !x.startsWith("#") && !x.startsWith("fpsctl_device_info{")
                && (x.contains("model=") || x.contains("android="))).toList(), "series labelled with metadata");
        assertEquals(1, value(text, "fpsctl_build_info", "version=\"9.9.9\""), text);

        // the device went away; the next frame read is 5 s after the newest one before
        l.disconnected(e.newestFrameNs());
        e.blockStart("A");
        e.frame(frame("A", v + 2 * T + 5_000_000_000L, 6));
        e.blockEnd();
        text = scrape(registry);
        assertEquals(1, value(text, "fpsctl_coverage_gaps_total", DEV, "package=\"com.a\""), text);
        // from the newest frame read before (B, C and D at v + 3T) to this one at v + 2T + 5 s
        assertEquals(5.0 - T / 1e9, value(text, "fpsctl_coverage_gap_seconds_total", DEV), 1e-9);
        assertEquals(4, value(text, "fpsctl_frames_total", DEV, "window=\"A\""), text);

        // TTL: nothing new for more than a minute → the series go; a fresh one stays
        clock.addAndGet(Duration.ofSeconds(61).toNanos());
        PackageListener other = m.listener(new FrameMetrics.Device("d2", "", ""), "com.a");
        other.frame(resultOf(frame("A", v, 6)));
        assertTrue(m.expire() > 0);
        text = scrape(registry);
        assertFalse(text.contains(DEV), text); // its info series too
        assertEquals(1, value(text, "fpsctl_frames_total", "device=\"d2\""), text);
        assertEquals(1, value(text, "fpsctl_device_info", "device=\"d2\"", "model=\"\"", "android=\"\""), text);
        assertEquals(1, value(text, "fpsctl_build_info", "version=\"9.9.9\""), "the build info never expires");
    }

    /**
     * FrameTimeline verdicts (docs/metrics.md 10) count per app. Hand-worked: five frames of window A through an engine
     * with a FrameTimeline join. Token 1 on time; 2 App Deadline Missed + SurfaceFlinger CPU (app jank, both types);
     * 3 Display HAL (system jank); 4 Buffer Stuffing alone (not jank, but the type counts); 5 never polled
     * (unattributed at the end).
     */
    @Test
    void frameTimelineVerdictsCountAppSystemUnattributedAndTypes() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        AtomicLong clock = new AtomicLong();
        FrameMetrics m = new FrameMetrics(registry, 4, Duration.ofMinutes(1), clock::get, "9.9.9");
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(),
                m.listener(new FrameMetrics.Device("d1", "Pixel 8", "14"), "com.a"));
        FrameTimelineAttribution ft = new FrameTimelineAttribution();
        e.frameTimeline(ft);
        long v = 10_000_000_000L;
        e.blockStart("A");
        for (int i = 1; i <= 5; i++) {
            RenderedFrame f = frame("A", v + i * T, 6);
            e.frame(new RenderedFrame(f.window(), f.flags(), f.intendedVsync(), f.vsync(), f.handleInputStart(),
                    f.animationStart(), f.performTraversalsStart(), f.drawStart(), f.syncQueued(), f.syncStart(),
                    f.issueDrawCommandsStart(), f.swapBuffers(), f.frameCompleted(), f.gpuCompleted(),
                    f.frameDeadline(), f.frameInterval(), i));
        }
        e.blockEnd();
        assertFalse(scrape(registry).contains("fpsctl_frametimeline_frames_total{"), "no verdict yet, no series");
        ft.surfaceFrame(sf(1));
        ft.surfaceFrame(sf(2, "App Deadline Missed", "SurfaceFlinger CPU Deadline Missed"));
        ft.surfaceFrame(sf(3, "Display HAL"));
        ft.surfaceFrame(sf(4, "Buffer Stuffing"));
        e.blockStart("A"); // verdicts reach the listener on the engine's thread, at the end of a block
        e.blockEnd();
        String app = "package=\"com.a\"";
        String text = scrape(registry);
        assertEquals(4, value(text, "fpsctl_frametimeline_frames_total", DEV, app, "source=\"gfxinfo\""), text);
        assertEquals(1, value(text, "fpsctl_frametimeline_app_jank_frames_total", DEV, app), text);
        assertEquals(1, value(text, "fpsctl_frametimeline_system_jank_frames_total", DEV, app), text);
        assertEquals(0, value(text, "fpsctl_frametimeline_unattributed_frames_total", DEV, app), text);
        assertTrue(text.contains("fpsctl_frametimeline_unattributed_frames_total{"), "present at 0: " + text);
        assertEquals(1, value(text, "fpsctl_frametimeline_jank_type_frames_total", "type=\"appDeadlineMissed\""));
        assertEquals(1, value(text, "fpsctl_frametimeline_jank_type_frames_total", "type=\"surfaceFlingerCpu\""));
        assertEquals(1, value(text, "fpsctl_frametimeline_jank_type_frames_total", "type=\"displayHal\""));
        assertEquals(1, value(text, "fpsctl_frametimeline_jank_type_frames_total", "type=\"bufferStuffing\""));
        assertEquals(0, value(text, "fpsctl_frametimeline_jank_type_frames_total", "type=\"dropped\""));
        assertEquals(15, text.lines().filter(x -> x.startsWith("fpsctl_frametimeline_jank_type_frames_total{"))
                .count(), "every type key, no other: " + text);
        assertFalse(text.contains("window=\"A\"") && text.lines().anyMatch(x -> x.startsWith("fpsctl_frametimeline")
                && x.contains("window=")), "per app, not per window");

        ft.finish();
        e.finish();
        text = scrape(registry);
        assertEquals(1, value(text, "fpsctl_frametimeline_unattributed_frames_total", DEV, app), text);
        assertEquals(4, value(text, "fpsctl_frametimeline_frames_total", DEV, app), text);

        clock.addAndGet(Duration.ofSeconds(61).toNanos());
        m.expire();
        assertFalse(scrape(registry).contains("fpsctl_frametimeline"), "the TTL removes them too");
    }

    /**
     * docs/metrics.md 14: GPU, drain and bytes of the last live window as gauges whose labels are bounded (scope app
     * or device, direction rx or tx); a closed GPU and a charging phone remove their series.
     */
    @Test
    void gpuPowerAndBytesAreGaugesAndUnknownOnesAreRemoved() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        AtomicLong clock = new AtomicLong();
        FrameMetrics m = new FrameMetrics(registry, 4, Duration.ofMinutes(1), clock::get, "9.9.9");
        PackageListener l = m.listener(new FrameMetrics.Device("d1", "Pixel 8", "14"), "com.a");
        l.frame(resultOf(frame("A", 10_000_000_000L, 6)));
        io.fpsctl.engine.LoadUsage known = new io.fpsctl.engine.LoadUsage(95.0, 585.0, null, false, 1594.0, null,
                2048L, 1024L, null, 4096L, 2048L, null, 812.5, null);
        l.window(new LiveWindow(0, 10_000_000_000L, 11_000_000_000L, EngineRun.smooth60(), new ResourceUsage(1.0,
                10.0, 5.0, 3.0, null, null, List.of(), 20.0, List.of(), false, 100_000L, null, null, null, null,
                known)));
        String text = scrape(registry);
        String app = "package=\"com.a\"";
        assertEquals(95.0, value(text, "fpsctl_gpu_load_percent", DEV), 1e-9, text);
        assertEquals(585.0, value(text, "fpsctl_gpu_clock_mhz", DEV), 1e-9, text);
        assertEquals(1594.0, value(text, "fpsctl_battery_drain_milliwatts", DEV), 1e-9, text);
        assertEquals(2048.0, value(text, "fpsctl_network_bytes", DEV, app, "scope=\"app\"", "direction=\"rx\""),
                1e-9, text);
        assertEquals(2048.0, value(text, "fpsctl_network_bytes", DEV, app, "scope=\"device\"",
                "direction=\"tx\""), 1e-9, text);
        // rule 10: the app's GPU time in seconds, labelled by device and package only
        assertEquals(0.8125, value(text, "fpsctl_app_gpu_seconds", DEV, app), 1e-9, text);
        io.fpsctl.engine.LoadUsage closed = new io.fpsctl.engine.LoadUsage(null, null, "Permission denied", true,
                null, "charging", null, null, "per-app bytes need xt_qtaguid", 4096L, 2048L, null);
        l.window(new LiveWindow(1, 11_000_000_000L, 12_000_000_000L, EngineRun.smooth60(), new ResourceUsage(1.0,
                10.0, 5.0, 3.0, null, null, List.of(), 20.0, List.of(), false, 100_000L, null, null, null, null,
                closed)));
        text = scrape(registry);
        assertFalse(text.contains("fpsctl_gpu_load_percent{"), text);
        assertFalse(text.contains("fpsctl_battery_drain_milliwatts{"), text);
        assertFalse(text.contains("fpsctl_app_gpu_seconds{"), text);
        assertFalse(text.lines().anyMatch(x -> x.startsWith("fpsctl_network_bytes{") && x.contains("scope=\"app\"")),
                text);
        assertTrue(text.lines().anyMatch(x -> x.startsWith("fpsctl_network_bytes{")
                && x.contains("scope=\"device\"")), text);
    }

    /**
     * Resources (docs/metrics.md 13) of the last live window as gauges with bounded labels. Hand-made window: app
     * 125 %, main 95 %, RenderThread 30 %, GPU completion 1.5 %, hwuiTask unknown, an "OkHttp Dispatcher" thread
     * 4 % (never a label), RSS 210 000 kB = 215 040 000 bytes, PSS 150 000 kB = 153 600 000 bytes, thermal 3,
     * throttled.
     */
    @Test
    void resourcesAreGaugesWithBoundedLabelsAndAnUnknownFigureIsRemoved() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        AtomicLong clock = new AtomicLong();
        FrameMetrics m = new FrameMetrics(registry, 4, Duration.ofMinutes(1), clock::get, "9.9.9");
        PackageListener l = m.listener(new FrameMetrics.Device("d1", "Pixel 8", "14"), "com.a");
        l.frame(resultOf(frame("A", 10_000_000_000L, 6)));
        ResourceUsage u = new ResourceUsage(1.0, 125.0, 95.0, 30.0, null, 1.5,
                List.of(new ResourceUsage.ThreadCpu("OkHttp Dispatcher", 4.0)), 50.0, List.of(), true, 210_000L,
                150_000L, 3, 44.0, 31.0);
        l.window(new LiveWindow(0, 10_000_000_000L, 11_000_000_000L, EngineRun.smooth60(), u));
        String text = scrape(registry);
        String app = "package=\"com.a\"";
        assertEquals(125.0, value(text, "fpsctl_app_cpu_percent", DEV, app, "thread=\"app\""), 1e-9, text);
        assertEquals(95.0, value(text, "fpsctl_app_cpu_percent", DEV, app, "thread=\"main\""), 1e-9, text);
        assertEquals(30.0, value(text, "fpsctl_app_cpu_percent", DEV, app, "thread=\"RenderThread\""), 1e-9);
        assertEquals(1.5, value(text, "fpsctl_app_cpu_percent", DEV, app, "thread=\"GPU completion\""), 1e-9);
        assertEquals(List.of("app", "main", "RenderThread", "GPU completion"), text.lines()
                .filter(x -> x.startsWith("fpsctl_app_cpu_percent{"))
                .map(x -> x.replaceAll(".*thread=\"([^\"]*)\".*", "$1")).sorted(java.util.Comparator.comparing(
                        FrameMetrics.CPU_THREADS::indexOf)).toList(), "hwuiTask unknown: no series; no thread's own name");
        assertEquals(215_040_000.0, value(text, "fpsctl_app_memory_bytes", DEV, app, "kind=\"rss\""), 1e-6, text);
        assertEquals(153_600_000.0, value(text, "fpsctl_app_memory_bytes", DEV, app, "kind=\"pss\""), 1e-6, text);
        assertEquals(3.0, value(text, "fpsctl_device_thermal_status", DEV), 1e-9, text);
        assertEquals(1.0, value(text, "fpsctl_cpu_throttled", DEV), 1e-9, text);
        assertTrue(text.contains("# HELP fpsctl_app_cpu_percent ") && text.lines().filter(x -> x.startsWith("# HELP")
                && x.matches("# HELP fpsctl_(app_cpu_percent|app_memory_bytes|device_thermal_status|cpu_throttled) .*"))
                .allMatch(x -> x.contains("docs/metrics.md section 13")), text);

        // the next window could not read PSS, the thermal status nor the frequencies: those series go
        l.window(new LiveWindow(1, 11_000_000_000L, 12_000_000_000L, EngineRun.smooth60(),
                new ResourceUsage(1.0, 60.0, 40.0, 10.0, null, null, List.of(), 20.0, List.of(), null, 200_000L,
                        null, null, null, null)));
        text = scrape(registry);
        assertEquals(40.0, value(text, "fpsctl_app_cpu_percent", DEV, app, "thread=\"main\""), 1e-9, text);
        assertEquals(0, value(text, "fpsctl_app_memory_bytes", "kind=\"pss\""), text);
        assertFalse(text.lines().anyMatch(x -> x.startsWith("fpsctl_app_memory_bytes{") && x.contains("kind=\"pss\"")),
                text);
        assertFalse(text.contains("fpsctl_device_thermal_status{"), text);
        assertFalse(text.contains("fpsctl_cpu_throttled{"), text);
        assertFalse(text.lines().anyMatch(x -> x.startsWith("fpsctl_app_cpu_percent{")
                && x.contains("thread=\"GPU completion\"")), text);

        // TTL: a minute without windows removes the rest
        clock.addAndGet(Duration.ofSeconds(61).toNanos());
        m.expire();
        text = scrape(registry);
        assertFalse(text.contains("fpsctl_app_cpu_percent{"), text);
        assertFalse(text.contains("fpsctl_app_memory_bytes{"), text);
    }

    private static SurfaceFrameRecord sf(long token, String... types) {
        return new SurfaceFrameRecord(token, "A#12", 42, 12, true, "Presented", List.of(types));
    }

    /** The engine's result for one frame (through a throw-away engine). */
    private static io.fpsctl.engine.FrameResult resultOf(RenderedFrame f) {
        io.fpsctl.engine.FrameResult[] out = new io.fpsctl.engine.FrameResult[1];
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(io.fpsctl.engine.FrameResult r) {
                out[0] = r;
            }
        });
        e.blockStart(f.window());
        e.frame(f);
        e.blockEnd();
        return out[0];
    }
}
