package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.List;

/**
 * The SurfaceFlinger layers that are not the app's (display root, wallpaper, status and navigation bar), and
 * the full Z-ordered layer list with the app's layers in between (docs/formats.md 3).
 */
final class SystemLayers {

    private final AndroidVersion version;
    private final DeviceIds ids;
    private final List<SfLayer> below = new ArrayList<>();
    private final List<SfLayer> above = new ArrayList<>();
    private final int displayRootId;

    SystemLayers(AndroidVersion version, DeviceIds ids) {
        this.version = version;
        this.ids = ids;
        int root = -1;
        if (version.hasLayerSuffix()) {
            root = add(below, "Display Root", -1);
        }
        this.displayRootId = root;
        add(below, "com.android.systemui.ImageWallpaper", root);
        add(above, "StatusBar", root);
        add(above, version.major() >= 10 ? "NavigationBar0" : "NavigationBar", root);
    }

    /** Parent id for the app's top layer ({@code Display Root} on 8+), or -1. */
    int displayRootId() {
        return displayRootId;
    }

    /** Every layer in Z order: system layers below the app, the app's (if it runs), system layers above. */
    List<SfLayer> withApp(AppProcess process) {
        List<SfLayer> all = new ArrayList<>(below);
        if (process != null) {
            all.addAll(process.layers());
        }
        all.addAll(above);
        return all;
    }

    private int add(List<SfLayer> into, String base, int parent) {
        int id = ids.nextLayerId();
        into.add(new SfLayer(version.layerName(base, id), id, parent, null));
        return id;
    }
}
