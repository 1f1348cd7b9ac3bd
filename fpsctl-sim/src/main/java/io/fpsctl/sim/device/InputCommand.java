package io.fpsctl.sim.device;

import java.util.List;
import java.util.function.LongSupplier;

/**
 * {@code input swipe X1 Y1 X2 Y2 [MS]} and {@code input tap X Y}, as Android's {@code input} tool takes them
 * (optionally after a source such as {@code touchscreen}). Unlike a phone it answers at once; the swipe's duration
 * is recorded in {@link TouchInput} (a touch-driven window renders while it lasts, plus a fling).
 */
final class InputCommand implements ShellCommand {
    /** Android's default swipe duration when MS is left out. */
    private static final long DEFAULT_SWIPE_MS = 300;
    private static final String USAGE = "Usage: input [<source>] <command> [<arg>...]\n";

    private final TouchInput touches;
    private final LongSupplier nowNs;

    InputCommand(TouchInput touches, LongSupplier nowNs) {
        this.touches = touches;
        this.nowNs = nowNs;
    }

    @Override
    public ShellReply run(List<String> args) {
        List<String> a = !args.isEmpty() && args.get(0).equals("touchscreen") ? args.subList(1, args.size()) : args;
        if (a.isEmpty()) {
            return new ShellReply("", USAGE, 1);
        }
        List<String> numbers = a.subList(1, a.size());
        if (!numbers.stream().allMatch(InputCommand::isNumber)) {
            return new ShellReply("", "Error: invalid arguments for command: " + a.get(0) + "\n" + USAGE, 1);
        }
        switch (a.get(0)) {
            case "swipe":
                if (numbers.size() != 4 && numbers.size() != 5) {
                    return new ShellReply("", "Error: invalid arguments for command: swipe\n" + USAGE, 1);
                }
                touches.swipe(nowNs.getAsLong(), numbers.size() == 5 ? (long) Double.parseDouble(numbers.get(4))
                        : DEFAULT_SWIPE_MS);
                return ShellReply.ok("");
            case "tap":
                if (numbers.size() != 2) {
                    return new ShellReply("", "Error: invalid arguments for command: tap\n" + USAGE, 1);
                }
                touches.tap(nowNs.getAsLong());
                return ShellReply.ok("");
            default:
                return new ShellReply("", "Error: Unknown command: " + a.get(0) + "\n" + USAGE, 1);
        }
    }

    private static boolean isNumber(String s) {
        try {
            return Double.parseDouble(s) >= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
