package io.fpsctl.sim.device;

import java.util.List;

/**
 * One shell command of the simulated device ({@code getprop}, {@code pm}, {@code dumpsys} …). Runs under the
 * device lock, after the device has been advanced to "now" ({@link ShellDispatcher}).
 */
@FunctionalInterface
interface ShellCommand {

    /** @param args the words after the command name */
    ShellReply run(List<String> args);
}
