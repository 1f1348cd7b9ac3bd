package io.fpsctl.android;

import io.fpsctl.engine.Frame;
import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.PresentedFrame;

import java.util.ArrayList;
import java.util.List;

/** A {@link FrameSink} that records every call, and fails on unbalanced blocks. */
final class RecordingSink implements FrameSink {

    final List<String> events = new ArrayList<>();
    final List<PresentedFrame> frames = new ArrayList<>();
    private String openBlock;

    @Override
    public void blockStart(String window) {
        if (openBlock != null) {
            throw new AssertionError("blockStart(" + window + ") while block " + openBlock + " is open");
        }
        openBlock = window;
        events.add("start:" + window);
    }

    @Override
    public void frame(Frame frame) {
        if (openBlock == null) {
            throw new AssertionError("frame outside a block: " + frame);
        }
        if (!(frame instanceof PresentedFrame presented)) {
            throw new AssertionError("expected a PresentedFrame, got " + frame);
        }
        frames.add(presented);
    }

    @Override
    public void blockEnd() {
        if (openBlock == null) {
            throw new AssertionError("blockEnd without blockStart");
        }
        events.add("end:" + openBlock);
        openBlock = null;
    }

    boolean balanced() {
        return openBlock == null;
    }
}
