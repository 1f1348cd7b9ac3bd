package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The order in which Android 15+ {@code dumpsys SurfaceFlinger --list} prints layers: not Z order but the order of
 * {@code LayerLifecycleManager::mLayers} (frameworks/native {@code services/surfaceflinger/SurfaceFlinger.cpp
 * SurfaceFlinger::listLayers}, android-15.0.0_r1 and android-16.0.0_r2: {@code for (layer :
 * mLayerLifecycleManager.getLayers())}). {@code FrontEnd/LayerLifecycleManager.cpp}: {@code addLayers} appends
 * ({@code mLayers.emplace_back}); {@code onHandlesDestroyed} walks the vector and swaps each destroyed layer with
 * the last one before erasing it, without stepping on, so the layer moved into the hole is looked at next.
 *
 * <p>The simulator knows the layers that exist at each call, not each transaction: layers that appeared since the
 * last call are appended in sequence-id order (the order SurfaceFlinger created them), and those that vanished are
 * removed as one {@code onHandlesDestroyed} pass (inferred: a real device may split them over several passes).
 */
final class LayerLifecycleOrder {

    private final List<Integer> ids = new ArrayList<>();

    /** {@code current} (any order) in lifecycle order; remembers it for the next call. */
    synchronized List<SfLayer> order(List<SfLayer> current) {
        Map<Integer, SfLayer> byId = new HashMap<>();
        for (SfLayer l : current) {
            byId.put(l.id(), l);
        }
        int i = 0;
        while (i < ids.size()) {
            if (byId.containsKey(ids.get(i))) {
                i++;
            } else {
                int last = ids.size() - 1;
                ids.set(i, ids.get(last)); // std::iter_swap(it, end - 1), then erase(end - 1)
                ids.remove(last);
            }
        }
        Set<Integer> known = new HashSet<>(ids);
        current.stream().filter(l -> !known.contains(l.id())).map(SfLayer::id).sorted(Comparator.naturalOrder())
                .forEach(ids::add);
        List<SfLayer> ordered = new ArrayList<>(ids.size());
        for (int id : ids) {
            ordered.add(byId.get(id));
        }
        return ordered;
    }
}
