package io.fpsctl.cli;

import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --simulate} / {@code --scenario}: a built-in scenario name or an existing scenario JSON file. */
final class ScenarioConverter implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
        if (Scenarios.names().contains(value)) {
            return value;
        }
        try {
            if (Files.isRegularFile(Path.of(value))) {
                return value;
            }
        } catch (InvalidPathException e) {
            // not a path either
        }
        throw new TypeConversionException("unknown scenario '" + value + "': use one of " + String.join(", ",
                new java.util.TreeSet<>(Scenarios.names())) + ", or a scenario JSON file that exists");
    }
}
