package io.fpsctl.device;

/**
 * A device printed more than fpsctl keeps for one command or one list ({@link CommandStream#MAX_WHOLE_OUTPUT}): the
 * stream was closed and nothing of the answer is used. Not run again in a stream of its own (it would print as
 * much again); the device counts as failing (exit 3, docs/outputs-and-signals.md, "Bounds on what a device sends").
 */
final class OutputBoundException extends DeviceException {
    private static final long serialVersionUID = 1L;

    OutputBoundException(String message) {
        super(message);
    }
}
