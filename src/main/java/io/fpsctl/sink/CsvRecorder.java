package io.fpsctl.sink;

import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.LiveWindow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;

/**
 * An engine listener that records frames to a {@link FrameCsv} and live windows to a {@link WindowCsv} (either
 * may be null) and passes windows and overflows on to a display. Write failures surface as
 * {@link UncheckedIOException} from the engine call.
 */
public final class CsvRecorder implements FrameEngine.Listener {
    private final FrameCsv frames;
    private final WindowCsv windows;
    private final String device;
    private final String packageName;
    private final Consumer<LiveWindow> onWindow;
    private final Consumer<String> onOverflow;

    public CsvRecorder(FrameCsv frames, WindowCsv windows, String device, String packageName,
                       Consumer<LiveWindow> onWindow, Consumer<String> onOverflow) {
        this.frames = frames;
        this.windows = windows;
        this.device = device;
        this.packageName = packageName;
        this.onWindow = onWindow == null ? w -> { } : onWindow;
        this.onOverflow = onOverflow == null ? w -> { } : onOverflow;
    }

    @Override
    public void frame(FrameResult r) {
        if (frames != null) {
            try {
                frames.write(device, packageName, r);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public void window(LiveWindow w) {
        if (windows != null) {
            try {
                windows.write(w);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        onWindow.accept(w);
    }

    @Override
    public void overflow(String window) {
        onOverflow.accept(window);
    }

    @Override
    public boolean wantsWindows() {
        return true;
    }
}
