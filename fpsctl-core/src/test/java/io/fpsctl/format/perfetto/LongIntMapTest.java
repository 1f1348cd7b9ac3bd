package io.fpsctl.format.perfetto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link LongIntMap} does what a {@code HashMap<Long, Integer>} does, over random puts, removes and reads. */
class LongIntMapTest {

    @Test
    void agreesWithHashMapOverRandomOperations() {
        for (int seed = 0; seed < 40; seed++) {
            Random r = new Random(seed);
            LongIntMap m = new LongIntMap(4);
            Map<Long, Integer> ref = new HashMap<>();
            int range = 1 + r.nextInt(seed % 2 == 0 ? 50 : 5000); // few keys: many collisions and removals
            for (int op = 0; op < 20_000; op++) {
                long k = (r.nextBoolean() ? 1L << 40 : 1) * r.nextInt(range) - range / 2;
                int v = r.nextInt();
                switch (r.nextInt(4)) {
                    case 0 -> {
                        Integer old = ref.put(k, v);
                        assertEquals(old == null ? LongIntMap.MISSING : old, m.put(k, v), "put");
                    }
                    case 1 -> {
                        Integer old = ref.remove(k);
                        assertEquals(old == null ? LongIntMap.MISSING : old, m.remove(k), "remove");
                    }
                    case 2 -> {
                        boolean absent = !ref.containsKey(k);
                        ref.putIfAbsent(k, v);
                        assertEquals(absent, m.putIfAbsent(k, v), "putIfAbsent");
                    }
                    default -> assertEquals(ref.getOrDefault(k, LongIntMap.MISSING), (Integer) m.get(k), "get");
                }
            }
            for (Map.Entry<Long, Integer> e : ref.entrySet()) {
                assertEquals(e.getValue(), (Integer) m.get(e.getKey()), "seed " + seed);
            }
        }
    }
}
