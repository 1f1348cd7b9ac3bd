package io.fpsctl.cli;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.IOException;
import java.util.Set;

/**
 * The built-in simulated device behind {@code --simulate}: with {@link SimCommand} ({@code fpsctl sim}) the only cli
 * code that uses the simulator (fpsctl-sim), so that no path for a real device loads it (LayeringTest).
 */
final class SimulatedDevice implements AutoCloseable {
    private final Simulator simulator;

    private SimulatedDevice(Simulator simulator) {
        this.simulator = simulator;
    }

    /**
     * Starts the simulator on a free loopback port, running {@code scenario} (a name or a JSON file) for
     * {@code pkg} (null: the simulator's own default app).
     *
     * @throws IllegalArgumentException an unknown scenario, Android version or refresh rate
     */
    static SimulatedDevice start(String scenario, int android, Integer refreshHz, String pkg) throws IOException {
        SimOptions options = new SimOptions(AndroidVersion.of(android), refreshHz, 1,
                pkg != null ? pkg : SimOptions.DEFAULT_PACKAGE);
        return new SimulatedDevice(Simulator.start(new Simulator.Config(Scenarios.byNameOrFile(scenario), options, 0,
                null, false, null, 0)));
    }

    /** The built-in scenario names ({@code --simulate NAME}, {@code fpsctl sim --scenario NAME}). */
    static Set<String> scenarioNames() {
        return Scenarios.names();
    }

    /** The loopback port its adbd listens on. */
    int port() {
        return simulator.port();
    }

    @Override
    public void close() throws IOException {
        simulator.close();
    }
}
