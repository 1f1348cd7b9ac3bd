package io.fpsctl.cli;

import io.fpsctl.android.AndroidPackageName;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A PACKAGE argument: Android's package-name syntax ({@link AndroidPackageName}) or a usage error (exit 2). */
final class PackageNameConverter implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
        String problem = problem(value);
        if (problem != null) {
            throw new TypeConversionException(problem);
        }
        return value;
    }

    /**
     * The same check for a PACKAGE... list (picocli reports a value its converter refuses in a list as an "unmatched
     * argument"): call first thing in the command, before any device is reached.
     */
    static void checkEach(java.util.List<String> packages) {
        for (String p : packages) {
            String problem = problem(p);
            if (problem != null) {
                throw new CliException(ExitCode.USAGE, "PACKAGE: " + problem);
            }
        }
    }

    private static String problem(String value) {
        String problem = AndroidPackageName.problem(value);
        return problem == null ? null : "'" + value + "' is not an Android package name (" + problem
                + "); a package name is like com.example.app: letters, digits, '_' and '.'";
    }
}
