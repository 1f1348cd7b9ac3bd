package io.fpsctl.android;

import io.fpsctl.engine.SurfaceFrameRecord;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Consecutive FrameTimeline dumps parsed with one {@link SeenDisplayFrames}, as a live capture's polls are. */
final class DumpSequence {

    record Parsed(FrameTimelineDump dump, List<SurfaceFrameRecord> records) {
    }

    final SeenDisplayFrames seen = new SeenDisplayFrames();

    /** Parses the next dump of the sequence on the byte path ({@code bytes}) or the String path. */
    Parsed next(String text, boolean bytes) throws IOException {
        List<SurfaceFrameRecord> out = new ArrayList<>();
        FrameTimelineParser p = new FrameTimelineParser(out::add).skippingSeen(seen);
        p.readBytes = bytes;
        FrameTimelineDump d = p.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        return new Parsed(d, out);
    }
}
