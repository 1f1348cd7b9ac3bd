package io.fpsctl.sink;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.format.FrameCsv;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.SurfaceFrameRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The recorder holds the rows of frames that await their FrameTimeline verdict, writes rows strictly in frame
 * order, holds at most {@link CsvRecorder#MAX_HELD} rows and writes what it holds when closed. A real engine and
 * FrameTimeline join deliver the verdicts; the expected cells are worked out by hand from the SurfaceFrames fed in
 * (docs/metrics.md 10: "App Deadline Missed" is appDeadlineMissed, Present State Dropped adds dropped, keys in the
 * order of the {@code types} object).
 */
class CsvRecorderTest {
    private static final String W = EngineRun.WINDOW;
    private static final String LAYER = W + "#7";
    private static final int PID = 42;
    /** The resource columns (docs/metrics.md 13), just before the FrameTimeline ones. */
    private static final String RESOURCE_COLUMNS = "appCpuPercent,mainCpuPercent,renderThreadCpuPercent,"
            + "hwuiTaskCpuPercent,gpuCompletionCpuPercent,deviceCpuPercent,throttled,rssKb,pssKb,thermalStatus,"
            + "gpuPercent,gpuMhz,powerMw";
    /** The last two columns of every row (jankTypes, presentState), taken by hand from the end of the line. */
    private static final int FT_CELLS = 2;

    /** Frame {@code i}: one every vsync from T0, 8 ms, with FrameTimelineVsyncId {@code vsyncId}. */
    private static RenderedFrame frame(int i, long vsyncId) {
        RenderedFrame f = EngineRun.frame(EngineRun.T0 + i * EngineRun.HZ60, 8 * EngineRun.MS);
        return new RenderedFrame(f.window(), f.flags(), f.intendedVsync(), f.vsync(), f.handleInputStart(),
                f.animationStart(), f.performTraversalsStart(), f.drawStart(), f.syncQueued(), f.syncStart(),
                f.issueDrawCommandsStart(), f.swapBuffers(), f.frameCompleted(), f.gpuCompleted(), f.frameDeadline(),
                f.frameInterval(), vsyncId);
    }

    private static long vsyncOf(int i) {
        return EngineRun.T0 + i * EngineRun.HZ60;
    }

    private static SurfaceFrameRecord sf(long token, String state, String... types) {
        return new SurfaceFrameRecord(token, LAYER, PID, 7, true, state, List.of(types));
    }

    /** A gfxinfo engine joined with FrameTimeline, recording into a CSV held in memory. */
    private static final class Rig {
        final StringBuilder text = new StringBuilder();
        final FrameCsv csv;
        final CsvRecorder recorder;
        final FrameTimelineAttribution ft = new FrameTimelineAttribution();
        final FrameEngine engine;
        int maxHeld;

        Rig(boolean frameTimeline) throws IOException {
            csv = new FrameCsv(text, true);
            recorder = new CsvRecorder(csv, null, "dev", "com.example", null, null);
            engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
                @Override
                public void frame(FrameResult r) {
                    recorder.frame(r);
                    maxHeld = Math.max(maxHeld, recorder.heldRows());
                }

                @Override
                public void frameTimeline(long sequence, FrameTimelineVerdict v) {
                    recorder.frameTimeline(sequence, v);
                }
            });
            if (frameTimeline) {
                engine.appPid(new io.fpsctl.engine.AppPid(PID));
                engine.frameTimeline(ft);
            }
        }

        void block(RenderedFrame... frames) {
            engine.blockStart(W);
            for (RenderedFrame f : frames) {
                engine.frame(f);
            }
            engine.blockEnd(); // delivers the verdicts settled so far
        }

        /** The data rows written so far: {intendedVsyncNs, jankTypes, presentState} each, split by hand. */
        List<String[]> rows() {
            List<String[]> out = new ArrayList<>();
            String[] lines = text.toString().split("\n");
            assertTrue(lines[0].endsWith(",chTraversalMs,uiMs,rasterMs,flutterBottleneck," + RESOURCE_COLUMNS + ",jankTypes,presentState"), lines[0]);
            for (int i = 1; i < lines.length; i++) {
                String[] c = lines[i].split(",", -1);
                assertEquals(46, c.length, lines[i]); // 30 + 3 Flutter + 13 resource columns (docs/metrics.md 13, 14, 16)
                out.add(new String[] {c[4], c[c.length - FT_CELLS], c[c.length - 1]});
            }
            return out;
        }
    }

    private static void assertRow(String[] row, int frame, String jankTypes, String presentState) {
        assertEquals(Long.toString(vsyncOf(frame)), row[0], "frame order");
        assertEquals(jankTypes, row[1], "jankTypes of frame " + frame);
        // the state is the device's text (docs/formats.md 6): always quoted when not empty
        assertEquals(presentState.isEmpty() ? "" : '"' + presentState + '"', row[2], "presentState of frame " + frame);
    }

    @Test
    void rowsWaitForTheirVerdictAndGoOutInFrameOrder() throws IOException {
        Rig rig = new Rig(true);
        rig.ft.surfaceFrame(sf(101, "Presented", "None"));   // frame 0's SurfaceFrame is known before it
        rig.block(frame(0, 101), frame(1, 102), frame(2, 103), frame(3, 0)); // 3: no vsync id → unattributed
        List<String[]> rows = rig.rows();
        assertEquals(1, rows.size(), "frame 1 awaits its verdict: it and the rows behind it are held");
        assertRow(rows.get(0), 0, "", "Presented");
        assertEquals(3, rig.recorder.heldRows());

        rig.ft.surfaceFrame(sf(103, "Presented", "SurfaceFlinger CPU Deadline Missed"));
        rig.block();
        assertEquals(1, rig.rows().size(), "frame 2 is settled but waits behind frame 1");

        rig.ft.surfaceFrame(sf(102, "Dropped", "App Deadline Missed", "Buffer Stuffing"));
        rig.block();
        rows = rig.rows();
        assertEquals(4, rows.size());
        assertRow(rows.get(1), 1, "appDeadlineMissed|bufferStuffing|dropped", "Dropped");
        assertRow(rows.get(2), 2, "surfaceFlingerCpu", "Presented");
        assertRow(rows.get(3), 3, "", "");
        assertEquals(0, rig.recorder.heldRows());
    }

    @Test
    void closeWritesWhatIsHeldAndIgnoresLateVerdicts() throws IOException {
        Rig rig = new Rig(true);
        rig.block(frame(0, 201), frame(1, 202));
        rig.ft.surfaceFrame(sf(202, "Presented", "Display HAL"));
        rig.block();
        assertEquals(0, rig.rows().size(), "frame 1 settled, behind frame 0");

        rig.recorder.close(); // a signal, a lost device: the capture ends before frame 0's verdict
        List<String[]> rows = rig.rows();
        assertEquals(2, rows.size());
        assertRow(rows.get(0), 0, "", "");
        assertRow(rows.get(1), 1, "displayHal", "Presented");

        rig.ft.surfaceFrame(sf(201, "Presented", "App Deadline Missed")); // too late
        rig.block(frame(2, 203));                                         // after close: written at once
        rig.engine.finish();
        rows = rig.rows();
        assertEquals(3, rows.size(), "no row twice");
        assertRow(rows.get(0), 0, "", "");
        assertRow(rows.get(2), 2, "", "");
    }

    @Test
    void atMostMaxHeldRowsTheOldestGoesOutWithEmptyCells() throws IOException {
        Rig rig = new Rig(true);
        int n = CsvRecorder.MAX_HELD + 1;
        RenderedFrame[] frames = new RenderedFrame[n];
        frames[0] = frame(0, 5000);                     // its SurfaceFrame only comes after the bound pushed it out
        for (int i = 1; i < n; i++) {
            frames[i] = frame(i, 0);                    // unattributed, delivered at the end of the block
        }
        rig.block(frames);
        assertEquals(CsvRecorder.MAX_HELD, rig.maxHeld, "never more than MAX_HELD rows held");
        rig.ft.surfaceFrame(sf(5000, "Presented", "App Deadline Missed"));
        rig.block();
        rig.recorder.close();
        List<String[]> rows = rig.rows();
        assertEquals(n, rows.size());
        assertRow(rows.get(0), 0, "", "");
        for (int i = 1; i < n; i++) {
            assertRow(rows.get(i), i, "", "");
        }
    }

    @Test
    void withoutFrameTimelineRowsGoOutAtOnce() throws IOException {
        Rig rig = new Rig(false);                       // Android 11: nothing awaits a verdict
        rig.engine.blockStart(W);
        rig.engine.frame(frame(0, 0));
        assertEquals(1, rig.rows().size(), "written during the frame call, not held");
        rig.engine.frame(frame(1, 0));
        assertEquals(2, rig.rows().size());
        rig.engine.blockEnd();
        assertEquals(0, rig.maxHeld);
        assertRow(rig.rows().get(1), 1, "", "");
    }

    /** A write that fails while verdicts are delivered (e.g. during the summary) surfaces at close, not there. */
    @Test
    void aWriteFailureDuringDeliveryIsThrownByClose() throws IOException {
        int[] room = {3}; // header + 2 rows, then the disk is full
        Appendable failing = new Appendable() {
            @Override
            public Appendable append(CharSequence s) throws IOException {
                if (s.length() > 0 && s.charAt(s.length() - 1) == '\n' && --room[0] < 0) {
                    throw new IOException("No space left on device");
                }
                return this;
            }

            @Override
            public Appendable append(CharSequence s, int start, int end) throws IOException {
                return append(s.subSequence(start, end));
            }

            @Override
            public Appendable append(char c) throws IOException {
                return append(String.valueOf(c));
            }
        };
        FrameCsv csv = new FrameCsv(failing, true);
        CsvRecorder recorder = new CsvRecorder(csv, null, "dev", "com.example", null, null);
        FrameTimelineAttribution ft = new FrameTimelineAttribution();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), recorder);
        engine.frameTimeline(ft);
        engine.blockStart(W);
        for (int i = 0; i < 4; i++) {
            engine.frame(frame(i, 0));
        }
        engine.blockEnd();                         // four verdicts: the third row does not fit, nothing thrown here
        assertThrows(UncheckedIOException.class, () -> engine.frame(frame(4, 0)), "the next frame stops the run");
        assertThrows(IOException.class, recorder::close);
    }
}
