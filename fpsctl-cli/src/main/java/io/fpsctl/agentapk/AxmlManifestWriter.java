package io.fpsctl.agentapk;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Encodes an {@link AxmlElement} tree as Android binary XML (AXML), the format of an APK's
 * {@code AndroidManifest.xml} (AOSP {@code ResourceTypes.h}): an {@code RES_XML_TYPE} chunk holding a UTF-16
 * string pool, the resource map (framework attribute ids of the first strings), the {@code android} namespace
 * and start/end element chunks. Attributes are written sorted by resource id, as aapt does and the platform's
 * parser expects. No text nodes, no styles, no resources table: what an instrumentation-only manifest needs.
 */
public final class AxmlManifestWriter {

    /** The {@code android:} namespace URI. */
    public static final String ANDROID_NS = "http://schemas.android.com/apk/res/android";

    private static final int RES_STRING_POOL_TYPE = 0x0001;
    private static final int RES_XML_TYPE = 0x0003;
    private static final int RES_XML_START_NAMESPACE_TYPE = 0x0100;
    private static final int RES_XML_END_NAMESPACE_TYPE = 0x0101;
    private static final int RES_XML_START_ELEMENT_TYPE = 0x0102;
    private static final int RES_XML_END_ELEMENT_TYPE = 0x0103;
    private static final int RES_XML_RESOURCE_MAP_TYPE = 0x0180;
    private static final int NO_INDEX = -1;

    private final Map<String, Integer> strings = new LinkedHashMap<>();
    private final List<Integer> resourceIds = new ArrayList<>();
    private int line;

    private AxmlManifestWriter() {
    }

    /** The binary XML of the document whose root is {@code root}. */
    public static byte[] write(AxmlElement root) {
        return new AxmlManifestWriter().encode(root);
    }

    private byte[] encode(AxmlElement root) {
        // attribute names with a resource id come first in the pool, in resource-map order
        List<AxmlAttribute> androidAttrs = new ArrayList<>();
        collectAndroidAttributes(root, androidAttrs);
        androidAttrs.sort(Comparator.comparingInt(AxmlAttribute::resourceId));
        for (AxmlAttribute a : androidAttrs) {
            if (!strings.containsKey(a.name())) {
                strings.put(a.name(), strings.size());
                resourceIds.add(a.resourceId());
            }
        }
        intern("android");
        intern(ANDROID_NS);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        line = 1;
        body.writeBytes(namespace(RES_XML_START_NAMESPACE_TYPE));
        element(root, body);
        body.writeBytes(namespace(RES_XML_END_NAMESPACE_TYPE));

        byte[] pool = stringPool();
        byte[] map = resourceMap();
        int size = 8 + pool.length + map.length + body.size();
        ByteBuffer out = le(size);
        out.putShort((short) RES_XML_TYPE).putShort((short) 8).putInt(size);
        out.put(pool).put(map).put(body.toByteArray());
        return out.array();
    }

    private static void collectAndroidAttributes(AxmlElement e, List<AxmlAttribute> into) {
        for (AxmlAttribute a : e.attributes()) {
            if (a.android()) {
                into.add(a);
            }
        }
        for (AxmlElement c : e.children()) {
            collectAndroidAttributes(c, into);
        }
    }

    private int intern(String s) {
        return strings.computeIfAbsent(s, k -> strings.size());
    }

    private void element(AxmlElement e, ByteArrayOutputStream out) {
        List<AxmlAttribute> attrs = new ArrayList<>(e.attributes());
        // android attributes sorted by resource id; plain ones (no id) keep their order before them
        attrs.sort(Comparator.comparingLong(a -> a.android() ? a.resourceId() & 0xffffffffL : -1L));
        int name = intern(e.name());
        int nsIndex = intern(ANDROID_NS);
        int[][] encoded = new int[attrs.size()][];
        for (int i = 0; i < attrs.size(); i++) {
            AxmlAttribute a = attrs.get(i);
            int attrName = intern(a.name());
            int raw = a.type() == AxmlAttribute.Type.STRING ? intern(a.string()) : NO_INDEX;
            int data = a.type() == AxmlAttribute.Type.STRING ? raw : a.data();
            encoded[i] = new int[] {a.android() ? nsIndex : NO_INDEX, attrName, raw, a.type().code, data};
        }
        int size = 16 + 20 + 20 * attrs.size();
        ByteBuffer b = le(size);
        b.putShort((short) RES_XML_START_ELEMENT_TYPE).putShort((short) 16).putInt(size);
        b.putInt(line++).putInt(NO_INDEX);
        b.putInt(NO_INDEX).putInt(name);
        b.putShort((short) 20).putShort((short) 20).putShort((short) attrs.size());
        b.putShort((short) 0).putShort((short) 0).putShort((short) 0); // id, class, style attribute indexes
        for (int[] a : encoded) {
            b.putInt(a[0]).putInt(a[1]).putInt(a[2]);
            b.putShort((short) 8).put((byte) 0).put((byte) a[3]).putInt(a[4]);
        }
        out.writeBytes(b.array());
        for (AxmlElement c : e.children()) {
            element(c, out);
        }
        ByteBuffer end = le(24);
        end.putShort((short) RES_XML_END_ELEMENT_TYPE).putShort((short) 16).putInt(24);
        end.putInt(line++).putInt(NO_INDEX).putInt(NO_INDEX).putInt(name);
        out.writeBytes(end.array());
    }

    private byte[] namespace(int type) {
        ByteBuffer b = le(24);
        b.putShort((short) type).putShort((short) 16).putInt(24);
        b.putInt(line).putInt(NO_INDEX).putInt(intern("android")).putInt(intern(ANDROID_NS));
        return b.array();
    }

    private byte[] stringPool() {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        int[] offsets = new int[strings.size()];
        int i = 0;
        for (String s : strings.keySet()) {
            offsets[i++] = data.size();
            if (s.length() > 0x7fff) {
                throw new IllegalArgumentException("string too long for the manifest: " + s.length() + " chars");
            }
            ByteBuffer b = le(2 + 2 * s.length() + 2);
            b.putShort((short) s.length());
            for (int k = 0; k < s.length(); k++) {
                b.putChar(s.charAt(k));
            }
            b.putShort((short) 0);
            data.writeBytes(b.array());
        }
        while (data.size() % 4 != 0) {
            data.write(0);
        }
        int header = 28;
        int stringsStart = header + 4 * offsets.length;
        int size = stringsStart + data.size();
        ByteBuffer b = le(size);
        b.putShort((short) RES_STRING_POOL_TYPE).putShort((short) header).putInt(size);
        b.putInt(offsets.length).putInt(0).putInt(0).putInt(stringsStart).putInt(0); // count, styles, flags=UTF-16
        for (int o : offsets) {
            b.putInt(o);
        }
        b.put(data.toByteArray());
        return b.array();
    }

    private byte[] resourceMap() {
        int size = 8 + 4 * resourceIds.size();
        ByteBuffer b = le(size);
        b.putShort((short) RES_XML_RESOURCE_MAP_TYPE).putShort((short) 8).putInt(size);
        for (int id : resourceIds) {
            b.putInt(id);
        }
        return b.array();
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
