package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The engine's raster thread by name (docs/metrics.md 16 rule 1), names written by hand from flutter/engine:
 * {@code N.raster} ({@code ThreadHost::ThreadHostConfig::MakeThreadName}, Flutter 1.20 on) and {@code N.gpu} before
 * the rename ({@code shell/common/thread_host.cc ThreadHost::ThreadHost} at 5f4a62b3: {@code name_prefix + ".gpu"}).
 */
class FlutterTapThreadNamesTest {

    @Test
    void rasterAndTheOlderGpuNameGiveTheEngineNumber() {
        assertEquals(1, FlutterTap.rasterEngine("1.raster"));
        assertEquals(2, FlutterTap.rasterEngine("2.raster"));
        assertEquals(1, FlutterTap.rasterEngine("1.gpu"));
        assertEquals(-1, FlutterTap.rasterEngine("1.ui"));
        assertEquals(-1, FlutterTap.rasterEngine("1.io"));
        assertEquals(-1, FlutterTap.rasterEngine("RenderThread"));
        assertEquals(-1, FlutterTap.rasterEngine("x1.raster"));
    }
}
