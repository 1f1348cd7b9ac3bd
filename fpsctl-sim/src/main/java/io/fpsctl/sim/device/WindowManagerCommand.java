package io.fpsctl.sim.device;

import java.util.List;

/** {@code wm size} (and {@code wm density}) with a phone's answer: {@code Physical size: 1080x2400}. */
final class WindowManagerCommand implements ShellCommand {
    /** The simulated screen, portrait. */
    static final int WIDTH = 1080;
    static final int HEIGHT = 2400;

    @Override
    public ShellReply run(List<String> args) {
        String sub = args.isEmpty() ? "" : args.get(0);
        if (sub.equals("size") && args.size() == 1) {
            return ShellReply.ok("Physical size: " + WIDTH + "x" + HEIGHT + "\n");
        }
        if (sub.equals("density") && args.size() == 1) {
            return ShellReply.ok("Physical density: 420\n");
        }
        return new ShellReply("", "Unknown command: " + String.join(" ", args) + "\n", 255);
    }
}
