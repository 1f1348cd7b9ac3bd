package io.fpsctl.sink.perfetto;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** One protobuf message being encoded (nested messages need their length first, so each is built in memory). */
final class ProtoMessage {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    private final CodedOutputStream out = CodedOutputStream.newInstance(bytes, 64);

    /** One write to the in-memory stream (it cannot fail for I/O reasons; the signature says it may). */
    @FunctionalInterface
    private interface Write {
        void to(CodedOutputStream out) throws IOException;
    }

    private ProtoMessage put(Write w) {
        try {
            w.to(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    ProtoMessage uint64(int field, long v) {
        return put(o -> o.writeUInt64(field, v));
    }

    ProtoMessage int64(int field, long v) {
        return put(o -> o.writeInt64(field, v));
    }

    ProtoMessage double64(int field, double v) {
        return put(o -> o.writeDouble(field, v));
    }

    ProtoMessage string(int field, String v) {
        return put(o -> o.writeString(field, v));
    }

    ProtoMessage message(int field, ProtoMessage m) {
        byte[] b = m.toByteArray();
        return put(o -> o.writeByteArray(field, b));
    }

    byte[] toByteArray() {
        put(CodedOutputStream::flush);
        return bytes.toByteArray();
    }
}
