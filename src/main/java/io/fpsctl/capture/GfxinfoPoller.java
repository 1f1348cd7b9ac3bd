package io.fpsctl.capture;

import io.fpsctl.source.FramestatsDump;
import io.fpsctl.source.FramestatsParser;
import io.fpsctl.source.GraphicsInfoPid;
import io.fpsctl.engine.AppPid;
import io.fpsctl.device.Device;
import io.fpsctl.device.ShellResult;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.source.ShellQuote;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Polls {@code dumpsys gfxinfo <pkg> framestats} (METRICS.md section 1). The engine de-duplicates the
 * overlapping 120-frame rings; this class adapts the interval so a ring never fills between two polls (at most
 * half a ring of frames per poll, shorter after an overflow), and starts a new segment when the app's process
 * restarted (new pid).
 */
public final class GfxinfoPoller implements FramePoller {
    /** The slowest interval: 500 ms. */
    public static final Duration MAX_DELAY = Duration.ofMillis(500);
    private static final Duration MIN_DELAY = Duration.ofMillis(50);

    private final Device device;
    private final String pkg;
    private final FrameEngine engine;
    /** What dumpsys prints when the app is not running. */
    private final String noProcessLine;
    private AppPid pid;
    private boolean first = true;
    private double shrink = 1.0;
    private int columns;

    public GfxinfoPoller(Device device, String pkg, FrameEngine engine) {
        this.device = device;
        this.pkg = pkg;
        this.engine = engine;
        this.noProcessLine = "No process found for: " + pkg;
    }

    @Override
    public java.util.List<String> nextCommands() {
        return java.util.List.of(command());
    }

    private String command() {
        return "dumpsys gfxinfo " + ShellQuote.quote(pkg) + " framestats";
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
        if (overflow) {
            shrink = Math.max(0.1, shrink / 2);
        }
        return new Poll(engine.countedFrames() - before, true, overflow, nextDelay());
    }

    /**
     * Whether the frames read carry their own interval (the FrameInterval column, Android 12+: 22 columns or
     * more, FORMATS.md A.3); false before a block was read.
     */
    public boolean framesCarryInterval() {
        return columns >= 22;
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
            engine.appPid(now); // the frames that follow join SurfaceFrames of this pid (METRICS.md 9 rev 3)
        }
    }

    /** Half a ring's worth of frames at the fastest refresh seen, capped at {@link #MAX_DELAY}. */
    private Duration nextDelay() {
        long t = engine.minIntervalNs();
        long halfRing = t > 0 ? t * FrameEngine.GFXINFO_RING / 2 : MAX_DELAY.toNanos();
        long ns = (long) (Math.min(MAX_DELAY.toNanos(), halfRing) * shrink);
        return Duration.ofNanos(Math.max(MIN_DELAY.toNanos(), ns));
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
