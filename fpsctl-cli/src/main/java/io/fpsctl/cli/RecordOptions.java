package io.fpsctl.cli;

import io.fpsctl.android.ScreenRecord;
import io.fpsctl.capture.ScreenRecording;
import io.fpsctl.device.Device;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** {@code --record} of capture, gate and watch (docs/report.md "Screen recordings"). */
final class RecordOptions {
    @Option(names = "--record", description = "Also record the device's screen with its screenrecord (files of "
            + "up to 180 s, chained; kept beside the run's files as video-N.mp4 with video.json placing them on the "
            + "frames' clock; the HTML report plays them in step with the charts).")
    boolean record;

    /** Starts a recording into {@code folder} when asked, else null. */
    ScreenRecording start(Device device, String pkg, Path folder, String prefix, Consumer<String> notes) {
        return record ? ScreenRecording.start(device, pkg, folder, prefix, notes, ScreenRecord.MAX_TIME_LIMIT_SEC)
                : null;
    }

    /** Stops {@code recording} (null: nothing) and writes its video.json; a failure to write is a note, not fatal. */
    static void stop(ScreenRecording recording, String pkg, Consumer<String> notes) {
        if (recording == null) {
            return;
        }
        try {
            recording.stop();
        } catch (IOException e) {
            notes.accept(pkg + ": the screen recording could not be saved: " + ErrorLine.describe(e));
        } catch (RuntimeException e) {
            notes.accept(pkg + ": the screen recording could not be saved: " + e.getMessage());
        }
    }
}
