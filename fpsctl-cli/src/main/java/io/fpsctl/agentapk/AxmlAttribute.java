package io.fpsctl.agentapk;

import java.util.Objects;

/**
 * One attribute of an {@link AxmlElement}: either in the {@code android:} namespace (then it carries the
 * framework resource id of the attribute, e.g. {@code 0x01010003} for {@code android:name}) or without a
 * namespace (e.g. the manifest's {@code package}). Its value is a string, a decimal integer or a boolean.
 */
public record AxmlAttribute(boolean android, String name, int resourceId, Type type, String string, int data) {

    /** How the value is typed in the binary XML ({@code Res_value} data types). */
    public enum Type {
        STRING(0x03), INT_DEC(0x10), BOOLEAN(0x12);

        final int code;

        Type(int code) {
            this.code = code;
        }
    }

    public AxmlAttribute {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (type == Type.STRING) {
            Objects.requireNonNull(string, "string value");
        }
        if (android && resourceId == 0) {
            throw new IllegalArgumentException("android:" + name + " needs its resource id");
        }
    }

    /** {@code android:name="value"}. */
    public static AxmlAttribute androidString(String name, int resourceId, String value) {
        return new AxmlAttribute(true, name, resourceId, Type.STRING, value, 0);
    }

    /** {@code android:name="123"}. */
    public static AxmlAttribute androidInt(String name, int resourceId, int value) {
        return new AxmlAttribute(true, name, resourceId, Type.INT_DEC, null, value);
    }

    /** {@code android:name="true|false"}. */
    public static AxmlAttribute androidBoolean(String name, int resourceId, boolean value) {
        return new AxmlAttribute(true, name, resourceId, Type.BOOLEAN, null, value ? -1 : 0);
    }

    /** An attribute without namespace, e.g. {@code package="io.fpsctl.agent"}. */
    public static AxmlAttribute plainString(String name, String value) {
        return new AxmlAttribute(false, name, 0, Type.STRING, value, 0);
    }
}
