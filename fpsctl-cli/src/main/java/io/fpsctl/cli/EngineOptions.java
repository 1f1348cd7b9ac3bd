package io.fpsctl.cli;

import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.EngineConfig;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The docs/metrics.md thresholds, shared by every command that runs the engine. */
public final class EngineOptions {

    @Option(names = "--drop-levels", split = ",", paramLabel = "N",
            description = "Lower bounds of the normal, middle, high and frozen drop levels in missed vsyncs "
                    + "(default: 3,9,24,42).")
    int[] dropLevels = DropLevel.DEFAULT_BOUNDS.clone();

    @Option(names = "--slow-frame-ms", paramLabel = "MS", converter = NumberConverter.Positive.class,
            description = "A frame slower than this gets a main cause (default: the frame's vsync interval).")
    Double slowFrameMs;

    @Option(names = "--idle-gap", paramLabel = "DUR", converter = DurationConverter.class,
            description = "A gap this long between frames is idle, not a freeze (default: 1s).")
    Duration idleGap = Duration.ofSeconds(1);

    @Option(names = "--refresh-rate", paramLabel = "HZ", converter = NumberConverter.RefreshRate.class,
            description = "Refresh rate to assume when the dump does not tell it (e.g. 60, 90, 120).")
    Double refreshRate;

    @Option(names = "--window", paramLabel = "DUR", converter = DurationConverter.class,
            description = "Length of a live window (default: 1s).")
    Duration window = Duration.ofSeconds(1);

    EngineConfig toConfig() {
        if (dropLevels.length != 4) {
            throw new CliException(ExitCode.USAGE, "--drop-levels needs 4 ascending numbers, e.g. 3,9,24,42");
        }
        if (refreshRate != null && (refreshRate < 1 || refreshRate > 1000)) {
            throw new CliException(ExitCode.USAGE, "--refresh-rate must be between 1 and 1000 Hz");
        }
        if (slowFrameMs != null && slowFrameMs <= 0) {
            throw new CliException(ExitCode.USAGE, "--slow-frame-ms must be positive");
        }
        if (idleGap.isZero() || window.isZero()) {
            throw new CliException(ExitCode.USAGE, "--idle-gap and --window must be longer than 0");
        }
        try {
            return new EngineConfig(dropLevels,
                    slowFrameMs == null ? 0 : Math.round(slowFrameMs * 1e6),
                    idleGap.toNanos(),
                    refreshRate == null ? 0 : Math.round(1e9 / refreshRate),
                    window.toNanos());
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
    }
}
