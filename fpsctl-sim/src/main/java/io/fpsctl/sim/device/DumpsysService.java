package io.fpsctl.sim.device;

import java.util.List;

/** One system service as {@code dumpsys <service> [args]} prints it (see {@link Dumpsys}). */
@FunctionalInterface
interface DumpsysService {

    /** @param args the words after the service name */
    String dump(List<String> args);
}
