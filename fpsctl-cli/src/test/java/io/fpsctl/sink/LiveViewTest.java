package io.fpsctl.sink;

import io.fpsctl.text.TerminalWriter;
import static io.fpsctl.engine.EngineRun.MS;
import static io.fpsctl.engine.EngineRun.SEC;
import static io.fpsctl.engine.EngineRun.T0;
import static io.fpsctl.engine.EngineRun.WINDOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class LiveViewTest {
    private static final String ESC = "\u001b[";

    private final StringWriter text = new StringWriter();
    private final long[] now = {5 * SEC};

    private LiveView view(boolean ansi) {
        return new LiveView(new PrintWriter(new TerminalWriter(text)), ansi, "emulator-5554", "com.example", Source.GFXINFO,
                () -> now[0]);
    }

    private final int[] columns = {80};

    /** A view as wide as {@link #columns} says at each refresh. */
    private LiveView view(boolean ansi, String packageName) {
        return new LiveView(new PrintWriter(new TerminalWriter(text)), ansi, "emulator-5554", packageName, Source.GFXINFO,
                () -> now[0], () -> columns[0]);
    }

    /** The lines a terminal shows: escape sequences removed, cursor moves and line ends as breaks. */
    private static List<String> screenLines(String s) {
        return List.of(s.replaceAll("\u001b\\[[0-9;]*[mAKJ]", "").replace("\r", "\n").split("\n", -1));
    }

    /** Shows each window one wall-clock second after the previous one. */
    private void show(LiveView view, List<LiveWindow> windows) {
        for (LiveWindow w : windows) {
            now[0] += SEC;
            view.window(w);
        }
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private static String strip(String s) {
        return s.replaceAll("\u001b\\[[0-9;]*[mAK]", "").replace("\r", "");
    }

    // ---- colours ----

    @Test
    void withoutColourTheTerminalViewStillRedrawsButHasNoColour() {
        EngineRun run = EngineRun.threeWindows(); // 57.1 fps, 1.67 % jank, an idle window, then 100 % jank
        show(view(true), run.windows);
        String coloured = text.toString();
        assertTrue(coloured.contains(ESC + "31m") || coloured.contains(ESC + "33m"), "100 % jank is coloured");
        text.getBuffer().setLength(0);
        show(view(true).withoutColour(), run.windows);
        String plain = text.toString();
        // SGR sequences (ESC [ … m) are colours and bold: none; cursor moves (A) and erases (K, J) stay
        assertFalse(plain.matches("(?s).*\u001b\\[[0-9;]*m.*"), plain);
        assertTrue(plain.contains(ESC + "2K") || plain.contains(ESC + "J"), "the block is still redrawn in place");
        assertEquals(screenLines(coloured), screenLines(plain), "the same words either way");
    }

    // ---- plain ----

    @Test
    void plainModePrintsAHeaderAndOneStableLinePerWindow() {
        EngineRun run = EngineRun.threeWindows();
        show(view(false), run.windows);
        assertEquals(String.join("\n",
                "watch device=emulator-5554 package=com.example source=gfxinfo",
                "window=0 elapsedSec=1.0 idle=false frames=60 fps=57.1 jankPercent=1.67 droppedFrames=3 best=59 "
                        + "normal=1 middle=0 high=0 frozen=0 p90Ms=8.00 maxMs=51.00 worstCause=draw refreshHz=60.0",
                "window=1 elapsedSec=2.0 idle=true frames=0 fps=- jankPercent=- droppedFrames=0 best=0 normal=0 "
                        + "middle=0 high=0 frozen=0 p90Ms=- maxMs=- worstCause=- refreshHz=60.0",
                "window=2 elapsedSec=3.0 idle=false frames=30 fps=30.0 jankPercent=100.00 droppedFrames=30 best=30 "
                        + "normal=0 middle=0 high=0 frozen=0 p90Ms=20.00 maxMs=20.00 worstCause=none refreshHz=60.0",
                ""), text.toString());
    }

    @Test
    void plainModeHasNoEscapeCodesEvenForWarningsAndTheSummary() {
        EngineRun run = EngineRun.threeWindows();
        LiveView v = view(false);
        show(v, run.windows);
        v.overflow(WINDOW);
        v.printSummary(run.engine.summary("com.example"));
        String s = text.toString();
        assertFalse(s.contains("\u001b"), s);
        assertTrue(s.contains("\nwarning: ring overflow in " + WINDOW
                + ": frames may have been lost, polling too slow (overflows=1)\n"), s);
        assertTrue(s.contains("\nsummary  com.example  device emulator-5554  elapsed 00:03\n"), s);
        assertTrue(s.contains("\n  fps          43.9   (span fps "), s);
        assertTrue(s.contains("\n  dropped      33 vsyncs   best 89  normal 1  middle 0  high 0  frozen 0\n"), s);
    }

    @Test
    void aWarningBeforeAnyWindowStillComesAfterTheHeader() {
        view(false).overflow("w");
        assertTrue(text.toString().startsWith("watch device=emulator-5554 package=com.example source=gfxinfo\n"
                + "warning: ring overflow in w"), text.toString());
    }

    // ---- ANSI ----

    @Test
    void ansiModeRedrawsAFixedBlockInPlace() {
        EngineRun run = EngineRun.threeWindows();
        show(view(true), run.windows);
        String s = text.toString();
        assertFalse(s.startsWith("\r"), "the first draw does not move the cursor");
        assertEquals(2, count(s, "\r" + ESC + "5A"), "cursor up 5 lines before each redraw");
        assertEquals(15, count(s, ESC + "2K"), "every line cleared");
        assertEquals(15, s.chars().filter(c -> c == '\n').count(), "3 draws of 5 lines");
    }

    @Test
    void ansiBlockShowsEverythingAlsoWithoutColour() {
        EngineRun run = EngineRun.threeWindows();
        LiveView v = view(true);
        show(v, run.windows.subList(0, 1));
        String[] first = strip(text.toString()).split("\n", -1);
        assertEquals("com.example  device emulator-5554  gfxinfo  60.0 Hz  window 0  00:01", first[0]);
        assertEquals("fps    57.1    █", first[1]);
        assertEquals("jank   1.67 %   dropped 3   best 59  normal 1  middle 0  high 0  frozen 0", first[2]);
        assertEquals("time   p90 8.00 ms   worst 51.00 ms  cause draw", first[3]);
        assertEquals("", first[4]);
    }

    /**
     * docs/metrics.md 13: the ANSI block's cpu line. Hand-made resources on the second window only: main 95 % (above
     * the 90 % of a busy main thread: red), RenderThread 30 %, throttled (a red THROTTLED), app 142 %, device 75 %.
     * No cpu line before any window had resources; a dash for a later window without them.
     */
    @Test
    void ansiCpuLineShowsMainRenderThreadThrottlingAppAndDevice() {
        EngineRun run = EngineRun.threeWindows();
        ResourceUsage u = new ResourceUsage(1.0, 142.0, 95.0, 30.0, 10.0, 1.0, List.of(), 75.0, List.of(), true,
                210_000L, null, 3, null, null);
        List<LiveWindow> windows = List.of(run.windows.get(0), run.windows.get(1).withResources(u),
                run.windows.get(2));
        LiveView v = view(true);
        show(v, windows.subList(0, 1));
        assertFalse(strip(text.toString()).contains("cpu "), "no resources read yet: no cpu line");
        text.getBuffer().setLength(0);
        show(v, windows.subList(1, 2));
        String drawn = text.toString();
        List<String> cpu = screenLines(drawn).stream().filter(l -> l.startsWith("cpu")).toList();
        assertEquals(List.of("cpu    main 95.0 %  render 30.0 %  THROTTLED  app 142.0 %  device 75.0 %"), cpu);
        assertTrue(cpu.get(0).length() <= 75, "fits 80 columns");
        assertTrue(drawn.contains(ESC + "31m95.0 %" + ESC + "0m"), "a busy main thread is red");
        assertTrue(drawn.contains(ESC + "31mTHROTTLED" + ESC + "0m"), drawn);
        text.getBuffer().setLength(0);
        show(v, windows.subList(2, 3));
        assertEquals(List.of("cpu    -"), screenLines(text.toString()).stream().filter(l -> l.startsWith("cpu"))
                .toList(), "a window without resources after one with them: a dash");
    }

    @Test
    void plainLinesGainResourceFieldsOnceAWindowHadThem() {
        EngineRun run = EngineRun.threeWindows();
        ResourceUsage u = new ResourceUsage(1.0, 142.0, 95.0, 30.0, null, null, List.of(), 75.0, List.of(), false,
                210_000L, null, null, null, null);
        show(view(false), List.of(run.windows.get(0), run.windows.get(1).withResources(u), run.windows.get(2)));
        List<String> lines = text.toString().lines().filter(l -> l.contains("fps=")).toList();
        assertFalse(lines.get(0).contains("mainCpu="), lines.get(0));
        // RSS 210 000 kB / 1024 = 205.078 → 205.1 MB
        assertTrue(lines.get(1).endsWith(" mainCpu=95.0 renderThreadCpu=30.0 appCpu=142.0 throttled=false rssMb=205.1"),
                lines.get(1));
        assertTrue(lines.get(2).endsWith(" mainCpu=- renderThreadCpu=- appCpu=- throttled=- rssMb=-"), lines.get(2));
    }

    @Test
    void ansiModeColoursRelativeToTheRefreshRateAndDrawsTheSparkline() {
        EngineRun run = EngineRun.threeWindows();
        LiveView v = view(true);
        show(v, run.windows);
        String s = text.toString();
        assertTrue(s.contains(ESC + "32m57.1  " + ESC + "0m"), "57.1 of 60 Hz is green");
        assertTrue(s.contains(ESC + "31m30.0  " + ESC + "0m"), "30.0 of 60 Hz is red");
        assertTrue(s.contains(ESC + "32m1.67 %" + ESC + "0m"), "1.67 % jank is green");
        assertTrue(s.contains(ESC + "31m51.00 ms" + ESC + "0m"), "51 ms is over two vsyncs: red");
        assertTrue(s.contains(ESC + "33mnormal 1" + ESC + "0m"));
        String last = strip(s.substring(s.lastIndexOf("\r")));
        assertTrue(last.contains("fps    30.0    █·▄\n"), last);
        assertTrue(s.contains(ESC + "2m·" + ESC + "0m"), "an idle window is a dim dot");
        for (char bar : "█▄".toCharArray()) {
            assertTrue(s.contains(String.valueOf(bar)));
        }
    }

    @Test
    void anIdleWindowSaysIdleNotZeroFps() {
        EngineRun run = EngineRun.threeWindows();
        LiveView v = view(true);
        show(v, run.windows.subList(0, 2));
        String last = strip(text.toString().substring(text.toString().lastIndexOf("\r")));
        assertTrue(last.contains("fps    idle    █·\n"), last);
        assertTrue(last.contains("jank   -  (no frames in this window)\n"), last);
        assertFalse(last.contains("fps    0"), last);
    }

    @Test
    void theSparklineKeepsTheLast30Windows() {
        EngineRun run = EngineRun.gfxinfo();
        for (int i = 0; i < 35; i++) {
            // windows 0–4 at 30 fps (every frame misses a vsync), then 30 windows at 60 fps
            long duration = i < 5 ? 20 * MS : 8 * MS;
            run.block(WINDOW, EngineRun.frames(T0 + i * SEC, 10, duration, 1));
        }
        run.engine.finish();
        assertEquals(35, run.windows.size());
        show(view(true), run.windows);
        String s = text.toString();
        String last = strip(s.substring(s.lastIndexOf("\r")));
        assertTrue(last.contains("fps    60.0    " + "█".repeat(30) + "\n"), last);
    }

    @Test
    void ansiOverflowWarningAppearsOnTheNextRefresh() {
        EngineRun run = EngineRun.gfxinfo();
        run.block(WINDOW, EngineRun.frames(T0, 10, 8 * MS, 1));
        run.block(WINDOW, EngineRun.frames(T0 + 10 * EngineRun.HZ60, 120, 8 * MS, 1)); // a full ring, all new
        run.engine.finish();
        assertEquals(List.of(WINDOW), run.overflows);
        columns[0] = 120;                                     // the whole warning fits in 120 columns
        LiveView v = view(true, "com.example");
        v.overflow(run.overflows.get(0));
        assertEquals("", text.toString(), "nothing drawn until the window closes");
        show(v, run.windows);
        String s = text.toString();
        assertTrue(s.contains(ESC + "33mwarning: 1 ring overflow (last in " + WINDOW
                + "): frames may have been lost, poll faster" + ESC + "0m\n"), s);
    }

    @Test
    void summaryAfterTheLiveBlock() {
        EngineRun run = EngineRun.threeWindows();
        LiveView v = view(true);
        show(v, run.windows);
        Summary total = run.engine.summary("com.example");
        v.printSummary(total);
        String s = strip(text.toString());
        assertTrue(s.contains("\n\nsummary  com.example  device emulator-5554  elapsed 00:03\n  source       gfxinfo"),
                s);
    }

    @Test
    void elapsedClock() {
        assertEquals("00:00", LiveView.clock(999_999_999L));
        assertEquals("01:05", LiveView.clock(65 * SEC));
        assertEquals("1:02:05", LiveView.clock(3725 * SEC));
    }

    // ---- terminal width ----

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {60, 80, 120})
    void theLiveBlockAndTheSummaryFitTheTerminal(int width) {
        EngineRun run = EngineRun.threeWindows();
        columns[0] = width;
        LiveView v = view(true, "com.example.a.rather.long.package.name.for.testing");
        show(v, run.windows);
        v.overflow(WINDOW);
        show(v, run.windows.subList(0, 1));
        v.printSummary(run.engine.summary("com.example.a.rather.long.package.name.for.testing"));
        List<String> lines = screenLines(text.toString());
        for (String line : lines) {
            assertTrue(line.codePointCount(0, line.length()) <= width, width + " columns: '" + line + "' is "
                    + line.codePointCount(0, line.length()));
        }
        String all = String.join("\n", lines);
        assertTrue(all.contains("fps    57.1"), all);          // the figures are still there
        assertTrue(all.contains("normal 1"), all);
        assertTrue(all.contains("  frame ms     p50 "), all);
        assertTrue(all.contains("mean "), all);                 // the frame-time row continues, it is not cut
        assertTrue(all.contains("warning: 1 ring overflow"), all);
    }

    @Test
    void aNarrowerTerminalClearsTheRowsItsReflowMadeOfTheOldBlock() {
        EngineRun run = EngineRun.threeWindows();
        columns[0] = 120;
        LiveView v = view(true, "com.example");
        show(v, run.windows.subList(0, 1));
        List<String> before = screenLines(text.toString());
        // the 120-column block: line lengths as drawn; at 60 columns a line of n columns takes ceil(n / 60) rows
        int rows = 0;
        for (String line : before.subList(0, 5)) {
            int n = line.codePointCount(0, line.length());
            rows += Math.max(1, (n + 59) / 60);
        }
        assertTrue(rows > 5, "some line was longer than 60 columns: " + before);
        columns[0] = 60;
        show(v, run.windows.subList(1, 2));
        String s = text.toString();
        assertTrue(s.contains("\r" + ESC + rows + "A" + ESC + "J"), s);
    }
}
