package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The handshake repair for dadb: Android 6's banner (android-6.0.1_r1 {@code fill_connect_data}:
 * {@code device::ro.product.name=p;ro.product.model=m;ro.product.device=d;} and its NUL) gets an empty
 * {@code features=}; the messages around it pass unchanged. The expected bytes are built here by hand.
 */
class FeaturelessBannerInputTest {

    private static final int A_AUTH = 0x48545541;
    private static final int A_CNXN = 0x4e584e43;
    private static final int A_OKAY = 0x59414b4f;

    private static byte[] message(int command, int arg0, int arg1, byte[] payload) {
        int sum = 0;
        for (byte b : payload) {
            sum += b & 0xff;
        }
        return ByteBuffer.allocate(24 + payload.length).order(ByteOrder.LITTLE_ENDIAN).putInt(command).putInt(arg0)
                .putInt(arg1).putInt(payload.length).putInt(sum).putInt(~command).put(payload).array();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** Reads {@code in} three bytes at a time, as a reader that never gets whole messages would. */
    private static byte[] readInSmallPieces(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] b = new byte[3];
        for (int n; (n = in.read(b, 0, b.length)) >= 0; ) {
            out.write(b, 0, n);
        }
        return out.toByteArray();
    }

    @Test
    void android6BannerGetsAnEmptyFeatureListAndTheRestPassesUnchanged() throws IOException {
        byte[] token = new byte[20];
        byte[] auth = message(A_AUTH, 1, 0, token);
        byte[] cnxn6 = message(A_CNXN, 0x01000000, 4096,
                "device::ro.product.name=p;ro.product.model=m;ro.product.device=d;\0".getBytes(StandardCharsets.UTF_8));
        byte[] after = message(A_OKAY, 1, 2, new byte[0]);
        byte[] want = concat(auth, message(A_CNXN, 0x01000000, 4096,
                "device::ro.product.name=p;ro.product.model=m;ro.product.device=d;features="
                        .getBytes(StandardCharsets.UTF_8)), after);
        assertArrayEquals(want, readInSmallPieces(new FeaturelessBannerInput(
                new ByteArrayInputStream(concat(auth, cnxn6, after)))));
    }

    @Test
    void aBannerWithFeaturesIsNotTouched() throws IOException {
        byte[] cnxn7 = message(A_CNXN, 0x01000000, 262144,
                "device::ro.product.name=p;ro.product.model=m;ro.product.device=d;features=shell_v2,cmd"
                        .getBytes(StandardCharsets.UTF_8));
        byte[] after = message(A_OKAY, 1, 2, new byte[0]);
        assertArrayEquals(concat(cnxn7, after),
                readInSmallPieces(new FeaturelessBannerInput(new ByteArrayInputStream(concat(cnxn7, after)))));
    }
}
