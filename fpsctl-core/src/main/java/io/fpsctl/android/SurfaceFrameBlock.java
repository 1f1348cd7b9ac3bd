package io.fpsctl.android;

import io.fpsctl.engine.SurfaceFrameRecord;
import java.util.List;

/**
 * The SurfaceFrame block {@link FrameTimelineParser} is reading (from its {@code Layer - …} line to the next layer or
 * display frame): the fields of the {@link SurfaceFrameRecord} it becomes, as AOSP's {@code SurfaceFrame::dump}
 * prints them (docs/formats.md 5.3). Eleven fields, one per printed key and whether a block is open: they are the
 * record's, so they stay together.
 */
final class SurfaceFrameBlock {
    private boolean open;
    private String layer;
    private long token;
    private boolean hasToken;
    private int pid;
    private int layerId;
    private boolean buffer;
    private String presentState;
    private List<String> jankTypes;
    private String predictionState;
    private String finishMetadata;

    /** A {@code Layer - NAME} line: a new block, every key unset. @param name without the {@code [*]} mark */
    void begin(String name) {
        open = true;
        layer = name;
        hasToken = false;
        token = 0;
        pid = -1;
        layerId = -1;
        buffer = false;
        presentState = "";
        jankTypes = List.of();
        predictionState = "";
        finishMetadata = "";
    }

    /** Whether a block is being read (lines between display frames belong to the display frame). */
    boolean open() {
        return open;
    }

    /** The block ends without a record (it was seen by the previous dump). */
    void drop() {
        open = false;
    }

    String layer() {
        return layer;
    }

    void token(long value) {
        token = value;
        hasToken = true;
    }

    void pid(int value) {
        pid = value;
    }

    void layerId(int value) {
        layerId = value;
    }

    void buffer(boolean value) {
        buffer = value;
    }

    void presentState(String value) {
        presentState = value;
    }

    void jankTypes(List<String> value) {
        jankTypes = value;
    }

    void predictionState(String value) {
        predictionState = value;
    }

    void finishMetadata(String value) {
        finishMetadata = value;
    }

    /** Closes the block: its record, or null when no Token was read (it cannot be joined). */
    SurfaceFrameRecord close() {
        open = false;
        if (!hasToken) {
            return null;
        }
        return new SurfaceFrameRecord(token, layer, pid, layerId, buffer, presentState, jankTypes, predictionState,
                finishMetadata);
    }

    /** The Token read, for the tally even when the record is not handed on; valid after {@link #close()}. */
    long token() {
        return token;
    }
}
