package io.fpsctl.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * The repeated driven gate runs of {@link GateBaselineEndToEndTest} and {@link GateBaselineUnchangedEndToEndTest}
 * (tagged as they are: it starts a simulated device).
 */
@Tag("e2e")
final class ScrollGates {
    private static final String PKG = "com.example.feed";

    private ScrollGates() {
    }

    /** 5 iterations of --scroll DUR (2 s of jank hold at least two of its slow frames, one every 40 frames). */
    static Cli scrollGate(String scenario, String scroll, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("gate", PKG, "--simulate=" + scenario, "--source", "gfxinfo",
                "--scroll", scroll, "--iterations", "5", "--min-fps", "1", "--summary-out", out.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }
}
