package io.fpsctl.sim.device;

import java.util.List;

/**
 * {@code uname -r}: the kernel release, one line ({@code utsname.release} and a newline; toybox
 * {@code toys/posix/uname.c}, a toybox tool from Android 6 on per system/core {@code shell_and_utilities/README.md};
 * inferred for the exact output as no Android tag of external/toybox was read). Only {@code -r} is answered; the
 * release is the simulated phone's ({@link AndroidVersion#kernelRelease}). Anything else is refused with a message
 * that names the simulator (no toybox text is claimed for it), so nothing can rely on it silently.
 */
final class Uname implements ShellCommand {
    private final AndroidVersion version;

    Uname(AndroidVersion version) {
        this.version = version;
    }

    @Override
    public ShellReply run(List<String> args) {
        if (args.equals(List.of("-r"))) {
            return ShellReply.ok(version.kernelRelease() + "\n");
        }
        return new ShellReply("", "uname: the simulator answers only uname -r\n", 1);
    }
}
