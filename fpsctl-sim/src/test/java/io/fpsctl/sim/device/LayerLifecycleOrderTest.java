package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order of Android 15+ {@code --list}, worked out by hand from frameworks/native
 * {@code FrontEnd/LayerLifecycleManager.cpp} (android-15.0.0_r1): {@code addLayers} appends; {@code onHandlesDestroyed}
 * swaps each destroyed layer with the last, erases the last, and looks at the same slot again.
 */
class LayerLifecycleOrderTest {

    private static SfLayer layer(int id) {
        return new SfLayer("L" + id, id, -1, null);
    }

    private static List<Integer> ids(List<SfLayer> layers) {
        return layers.stream().map(SfLayer::id).toList();
    }

    @Test
    void createdLayersAppendAndDestroyedOnesAreSwappedWithTheLast() {
        LayerLifecycleOrder order = new LayerLifecycleOrder();
        // first sight: creation (sequence) order, whatever order they are handed in (Z order)
        assertEquals(List.of(1, 2, 3, 4, 5), ids(order.order(List.of(layer(5), layer(3), layer(1), layer(4), layer(2)))));
        // 2 and 4 destroyed, 7 and 6 created:
        //   [1,2,3,4,5]: slot 1 (2) destroyed → swap with 5 → [1,5,3,4], slot 1 again: 5 stays;
        //   slot 3 (4) destroyed → it is the last → [1,5,3]; then 6, 7 appended
        assertEquals(List.of(1, 5, 3, 6, 7), ids(order.order(List.of(layer(7), layer(6), layer(5), layer(3), layer(1)))));
        // 1 destroyed: [1,5,3,6,7] → swap with 7 → [7,5,3,6]
        assertEquals(List.of(7, 5, 3, 6), ids(order.order(List.of(layer(3), layer(5), layer(6), layer(7)))));
    }
}
