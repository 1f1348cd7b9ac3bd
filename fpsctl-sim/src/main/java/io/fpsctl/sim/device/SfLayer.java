package io.fpsctl.sim.device;

/**
 * One SurfaceFlinger layer as {@code --list} shows it.
 *
 * @param name     {@code Layer::getName()} (what {@code --latency} matches exactly)
 * @param id       layer sequence id (used as {@code parentId} on Android 15)
 * @param parentId parent's sequence id, or -1 for a root
 * @param tracker  the layer's frame tracker, or null for a layer that never gets buffers
 */
record SfLayer(String name, int id, int parentId, LayerTracker tracker) {
}
