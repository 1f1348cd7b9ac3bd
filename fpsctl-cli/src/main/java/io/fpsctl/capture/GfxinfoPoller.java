package io.fpsctl.capture;

import io.fpsctl.android.FramestatsDump;
import io.fpsctl.android.FramestatsParser;
import io.fpsctl.android.GraphicsInfoPid;
import io.fpsctl.engine.AppPid;
import io.fpsctl.device.Device;
import io.fpsctl.device.ShellResult;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Polls {@code dumpsys gfxinfo <pkg> framestats} (docs/metrics.md section 1). The engine de-duplicates the
 * overlapping 120-frame rings; this class adapts the interval so a ring never fills between two polls (at most
 * half a ring of frames per poll, shorter after an overflow), and starts a new segment when the app's process
 * restarted (new pid).
 */
public final class GfxinfoPoller implements FramePoller {
    /** The slowest interval: 500 ms. */
    public static final Duration MAX_DELAY = HalfRingDelay.MAX;

    private final Device device;
    private final String pkg;
    private final FrameEngine engine;
    /** What dumpsys prints when the app is not running. */
    private final String noProcessLine;
    private AppPid pid;
    private boolean first = true;
    private final HalfRingDelay delay = new HalfRingDelay(FrameEngine.GFXINFO_RING);
    private int columns;

    public GfxinfoPoller(Device device, String pkg, FrameEngine engine) {
        this.device = device;
        this.pkg = pkg;
        this.engine = engine;
        this.noProcessLine = FramestatsParser.noProcessLine(pkg);
    }

    @Override
    public java.util.List<String> nextCommands() {
        return java.util.List.of(command());
    }

    private String command() {
        return FramestatsParser.command(pkg);
    }

    @Override
    public Poll poll() {
        ShellResult r = device.shell(command());
        PollText text = new PollText();
        long before = engine.countedFrames();
        long overflowsBefore = engine.overflowCount();
        try {
            // the bytes go straight to the byte parser; only the few lines around the blocks become Strings
            FramestatsDump dump = new FramestatsParser(engine.input(first ? FrameEngine.Rows.HISTORY
                    : FrameEngine.Rows.LIVE), text).parse(r.stdoutStream());
            if (dump.columns() > 0) {
                columns = dump.columns();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading a byte array does not fail
        }
        if (text.noProcess) {
            return new Poll(0, false, false, MAX_DELAY);
        }
        first = false;
        boolean overflow = engine.overflowCount() > overflowsBefore;
        return new Poll(engine.countedFrames() - before, true, overflow, delay.next(engine.minIntervalNs(), overflow));
    }

    /**
     * Whether the frames read carry their own interval (the FrameInterval column, Android 12+: 22 columns or
     * more, docs/formats.md 2); false before a block was read.
     */
    public boolean framesCarryInterval() {
        return columns >= FramestatsParser.COLUMNS_WITH_FRAME_INTERVAL;
    }

    /**
     * Reads the text lines of one poll as the parser passes them, before the blocks that follow them: a new pid
     * (the app restarted) starts a new segment before any of its frames reach the engine.
     */
    private final class PollText implements Consumer<String> {
        boolean noProcess;
        private boolean pidSeen;

        @Override
        public void accept(String line) {
            if (line.contains(noProcessLine)) {
                noProcess = true;
            }
            if (pidSeen) {
                return;
            }
            AppPid now = GraphicsInfoPid.of(line);
            if (now == null) {
                return;
            }
            pidSeen = true;
            if (pid != null && !now.equals(pid)) {
                engine.restartSegment();
            }
            pid = now;
            engine.appPid(now); // the frames that follow join SurfaceFrames of this pid (docs/metrics.md 10
        }
    }

    @Override
    public boolean needsDisplayPeriod() {
        return !framesCarryInterval();
    }

    @Override
    public Source source() {
        return Source.GFXINFO;
    }

    @Override
    public io.fpsctl.engine.Summary summary(String pkg) {
        return engine.summary(pkg);
    }

    @Override
    public String describe() {
        return "gfxinfo framestats";
    }
}
