package io.fpsctl.agentapk;

import java.util.regex.Pattern;

/**
 * The agent APK's manifest: package {@value #PACKAGE}, one {@code <instrumentation>} of
 * {@value #INSTRUMENTATION_CLASS} whose {@code android:targetPackage} is stamped per app under test,
 * {@code minSdkVersion} {@value #MIN_SDK} (FrameMetrics), {@code targetSdkVersion} {@value #TARGET_SDK}, and a
 * debuggable application with code.
 */
public final class AgentManifest {

    /** The agent's package name. */
    public static final String PACKAGE = "io.fpsctl.agent";
    /** The instrumentation class {@code am instrument} starts. */
    public static final String INSTRUMENTATION_CLASS = "io.fpsctl.agent.FpsctlAgent";
    /** FrameMetrics needs API 24. */
    public static final int MIN_SDK = 24;
    /** Android 15. */
    public static final int TARGET_SDK = 35;
    /** Bumped when the agent's protocol or manifest changes. */
    public static final int VERSION_CODE = 1;

    // android.R.attr ids (framework resources, stable across releases)
    static final int ATTR_LABEL = 0x01010001;
    static final int ATTR_NAME = 0x01010003;
    static final int ATTR_HAS_CODE = 0x0101000c;
    static final int ATTR_DEBUGGABLE = 0x0101000f;
    static final int ATTR_TARGET_PACKAGE = 0x01010021;
    static final int ATTR_HANDLE_PROFILING = 0x01010022;
    static final int ATTR_FUNCTIONAL_TEST = 0x01010023;
    static final int ATTR_MIN_SDK_VERSION = 0x0101020c;
    static final int ATTR_VERSION_CODE = 0x0101021b;
    static final int ATTR_VERSION_NAME = 0x0101021c;
    static final int ATTR_TARGET_SDK_VERSION = 0x01010270;

    private static final Pattern PACKAGE_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+");

    private AgentManifest() {
    }

    /** Whether {@code name} is a valid Android package name (at least two segments). */
    public static boolean isValidPackageName(String name) {
        return name != null && PACKAGE_NAME.matcher(name).matches();
    }

    /** The manifest tree for an agent instrumenting {@code targetPackage}. */
    public static AxmlElement forTarget(String targetPackage) {
        if (!isValidPackageName(targetPackage)) {
            throw new IllegalArgumentException("not an Android package name: " + targetPackage);
        }
        return new AxmlElement("manifest")
                .attribute(AxmlAttribute.androidInt("versionCode", ATTR_VERSION_CODE, VERSION_CODE))
                .attribute(AxmlAttribute.androidString("versionName", ATTR_VERSION_NAME, "1"))
                .attribute(AxmlAttribute.plainString("package", PACKAGE))
                .child(new AxmlElement("uses-sdk")
                        .attribute(AxmlAttribute.androidInt("minSdkVersion", ATTR_MIN_SDK_VERSION, MIN_SDK))
                        .attribute(AxmlAttribute.androidInt("targetSdkVersion", ATTR_TARGET_SDK_VERSION, TARGET_SDK)))
                .child(new AxmlElement("application")
                        .attribute(AxmlAttribute.androidString("label", ATTR_LABEL, "fpsctl agent"))
                        .attribute(AxmlAttribute.androidBoolean("debuggable", ATTR_DEBUGGABLE, true))
                        .attribute(AxmlAttribute.androidBoolean("hasCode", ATTR_HAS_CODE, true)))
                .child(new AxmlElement("instrumentation")
                        .attribute(AxmlAttribute.androidString("name", ATTR_NAME, INSTRUMENTATION_CLASS))
                        .attribute(AxmlAttribute.androidString("targetPackage", ATTR_TARGET_PACKAGE, targetPackage))
                        .attribute(AxmlAttribute.androidBoolean("handleProfiling", ATTR_HANDLE_PROFILING, false))
                        .attribute(AxmlAttribute.androidBoolean("functionalTest", ATTR_FUNCTIONAL_TEST, false)));
    }

    /** The binary {@code AndroidManifest.xml} for an agent instrumenting {@code targetPackage}. */
    public static byte[] binary(String targetPackage) {
        return AxmlManifestWriter.write(forTarget(targetPackage));
    }
}
