package io.fpsctl.sink.perfetto;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** One protobuf message being encoded (nested messages need their length first, so each is built in memory). */
final class ProtoMessage {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    private final CodedOutputStream out = CodedOutputStream.newInstance(bytes, 64);

    ProtoMessage uint64(int field, long v) {
        try {
            out.writeUInt64(field, v);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    ProtoMessage int64(int field, long v) {
        try {
            out.writeInt64(field, v);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    ProtoMessage double64(int field, double v) {
        try {
            out.writeDouble(field, v);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    ProtoMessage bool(int field, boolean v) {
        try {
            out.writeBool(field, v);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    ProtoMessage string(int field, String v) {
        try {
            out.writeString(field, v);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    ProtoMessage message(int field, ProtoMessage m) {
        try {
            out.writeByteArray(field, m.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    byte[] toByteArray() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
