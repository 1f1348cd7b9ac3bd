package io.fpsctl.sim.device;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * What the simulated device prints for {@code am instrument …} (docs/formats.md 5.7). Pluggable so an agent
 * emulation can stream real {@code INSTRUMENTATION_STATUS} records; the default is
 * {@link FailedInstrumentation}.
 */
@FunctionalInterface
public interface InstrumentationStream {

    /**
     * @param args the words after {@code am instrument} (options such as {@code -w -r -e k v} and the component)
     * @return the exit status of {@code am}
     */
    int run(List<String> args, OutputStream stdout, OutputStream stderr) throws IOException;
}
