package io.fpsctl.sim.device;

/**
 * What one simulated shell command printed and returned.
 *
 * @param out  stdout text
 * @param err  stderr text
 * @param exit exit status
 */
record ShellReply(String out, String err, int exit) {

    static ShellReply ok(String out) {
        return new ShellReply(out, "", 0);
    }

    static ShellReply exit(int status) {
        return new ShellReply("", "", status);
    }
}
