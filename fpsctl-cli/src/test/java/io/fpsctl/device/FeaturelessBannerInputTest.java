package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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

    /** The banner {@link FeaturelessBannerInput} hands on for an Android 6 CNXN carrying {@code banner}. */
    private static String repaired(String banner) throws IOException {
        byte[] out = readInSmallPieces(new FeaturelessBannerInput(new ByteArrayInputStream(
                message(A_CNXN, 0x01000000, 4096, banner.getBytes(StandardCharsets.UTF_8)))));
        return new String(out, 24, out.length - 24, StandardCharsets.UTF_8);
    }

    /**
     * {@code features=} inside a value is no key (android-6.0.1_r1 {@code fill_connect_data} writes
     * {@code name=value;} per property): the repair still adds the empty key, last, so dadb (which keeps a key's last
     * value and skips pairs that do not split in two) sees what the device means, no features.
     */
    @Test
    void android6ModelsThatHoldFeaturesAreNoFeatureKey() throws IOException {
        assertEquals("device::ro.product.name=p;ro.product.model=features=;ro.product.device=d;features=",
                repaired("device::ro.product.name=p;ro.product.model=features=;ro.product.device=d;\0"));
        assertEquals("device::ro.product.name=p;ro.product.model=x;features=shell_v2,cmd;ro.product.device=d;"
                + "features=", repaired("device::ro.product.name=p;ro.product.model=x;features=shell_v2,cmd;"
                + "ro.product.device=d;\0"));
        // the last property planting it: Android 6 still ends with ';', so it is a value, not adbd 7+'s last key
        assertEquals("device::ro.product.name=p;ro.product.model=m;ro.product.device=x;features=shell_v2,cmd;"
                + "features=", repaired("device::ro.product.name=p;ro.product.model=m;"
                + "ro.product.device=x;features=shell_v2,cmd;\0"));
    }

    @Test
    void anAndroid7BannerWhoseModelHoldsFeaturesIsNotTouched() throws IOException {
        String b = "device::ro.product.name=p;ro.product.model=x;features=;ro.product.device=d;features=shell_v2,cmd";
        assertEquals(b, repaired(b));
        assertEquals("device::features=", repaired("device::features=")); // a host banner's empty list: a key
    }
}
