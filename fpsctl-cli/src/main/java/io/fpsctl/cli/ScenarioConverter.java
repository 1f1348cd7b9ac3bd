package io.fpsctl.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --simulate} / {@code --scenario}: a built-in scenario name or an existing scenario JSON file. */
final class ScenarioConverter implements ITypeConverter<String> {
    /**
     * A value of {@code --simulate} that looks like an option ({@code --simulate --durration 20s}): --simulate's
     * scenario is optional, so picocli offered it the mistyped option; {@link Main} reports it as an unknown option.
     */
    static final class OptionLikeValue extends TypeConversionException {
        private static final long serialVersionUID = 1L;
        final String value;

        OptionLikeValue(String value) {
            super("unknown option '" + value + "'");
            this.value = value;
        }
    }

    @Override
    public String convert(String value) {
        if (value.startsWith("-")) {
            throw new OptionLikeValue(value);
        }
        if (SimulatedDevice.scenarioNames().contains(value)) {
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
                new java.util.TreeSet<>(SimulatedDevice.scenarioNames())) + ", or a scenario JSON file that exists");
    }
}
