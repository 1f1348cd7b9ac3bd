package io.fpsctl.capture;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;

/**
 * What a measurement measures and where its frames go: the package, the source asked for, the engine's settings
 * and the listener that feeds the command's sinks.
 *
 * @param pkg      the app's package
 * @param source   {@code --source} / {@code --layer} (and the agent's slow-message threshold)
 * @param config   the engine's settings
 * @param listener receives every frame, window and verdict (null: none)
 */
public record MeasureTarget(String pkg, SourceRequest source, EngineConfig config, FrameEngine.Listener listener) {
}
