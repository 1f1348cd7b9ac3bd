package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Source;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.ShellOnlyDevice;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Measurement#prepare} on its two parameter objects ({@link DeviceLink}, {@link MeasureTarget}) and the loop it
 * builds ({@link PollLoopAssembly}), against the simulator in-process on a manual clock: no loop is run.
 */
class MeasurementPrepareTest {
    private static final String PKG = SimOptions.DEFAULT_PACKAGE;

    /** The simulator's shell, in-process; the commands it was asked, in order. */
    private static final class SimDevice extends ShellOnlyDevice {
        final ManualTimeSource time = new ManualTimeSource();
        final SimulatedAndroid sim;
        final List<String> commands = new ArrayList<>();

        SimDevice(int android) {
            sim = SimulatedAndroid.create(Scenarios.byName("jank"),
                    new SimOptions(AndroidVersion.of(android), 60, 5, PKG), time, null);
            time.advanceMillis(1000); // the app is drawing
        }

        @Override
        public String serial() {
            return "sim";
        }

        @Override
        public ShellResult shell(String command, Duration timeout) {
            commands.add(command);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            try {
                int rc = sim.run(command, out, err);
                return new ShellResult(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), rc);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static DeviceLink link(SimDevice d, List<String> notes) {
        return new DeviceLink(d, t -> false, Duration.ofSeconds(1), HostClock.SYSTEM, notes::add);
    }

    private static MeasureTarget gfxinfo(String pkg) {
        return new MeasureTarget(pkg, new SourceRequest(SourceRequest.Kind.GFXINFO, null, 100), EngineConfig.defaults(),
                null);
    }

    @Test
    void android12AndLaterGetTheFrameTimelinePollerInTheSameLoop() {
        SimDevice d = new SimDevice(14);
        Measurement m = Measurement.prepare(link(d, new ArrayList<>()), gfxinfo(PKG));
        assertEquals(Source.GFXINFO, m.source());
        assertEquals("chosen with --source", m.sourceReason());
        assertNotNull(m.frameTimeline());
        assertNotNull(m.session());
    }

    @Test
    void android11SaysWhyThereIsNoFrameTimelineInTheSummary() {
        SimDevice d = new SimDevice(11);
        Measurement m = Measurement.prepare(link(d, new ArrayList<>()), gfxinfo(PKG));
        assertNull(m.frameTimeline());
        assertTrue(m.summary().warnings().contains("frameTimeline: null: SurfaceFlinger's FrameTimeline needs "
                + "Android 12 (API 31) or newer, this device runs API 30"), m.summary().warnings().toString());
    }

    @Test
    void anAppThatIsNotInstalledIsTheAppsProblemNamingTheDevice() {
        SimDevice d = new SimDevice(14);
        DeviceException e = assertThrows(DeviceException.class,
                () -> Measurement.prepare(link(d, new ArrayList<>()), gfxinfo("com.example.absent")));
        assertEquals(DeviceException.Blame.APP, e.blame());
        assertEquals("package com.example.absent is not installed on sim: install it or check the name "
                + "('adb shell pm list packages')", e.getMessage());
    }

    @Test
    void theNineParameterFormAsksTheDeviceTheSameAsTheTwoObjects() {
        SimDevice a = new SimDevice(13);
        SimDevice b = new SimDevice(13);
        Measurement ma = Measurement.prepare(link(a, new ArrayList<>()), gfxinfo(PKG));
        Measurement mb = Measurement.prepare(b, t -> false, PKG, new SourceRequest(SourceRequest.Kind.GFXINFO, null,
                100), EngineConfig.defaults(), null, n -> { }, Duration.ofSeconds(1), HostClock.SYSTEM);
        assertEquals(a.commands, b.commands);
        assertEquals(ma.describe(), mb.describe());
        assertEquals(ma.sourceReason(), mb.sourceReason());
    }
}
