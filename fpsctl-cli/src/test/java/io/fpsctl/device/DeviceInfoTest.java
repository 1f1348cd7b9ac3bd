package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceInfoTest {

    @Test
    void longFormWithPaddedSerialAndAllFields() {
        DeviceInfo d = DeviceInfo.parseLine(String.format("%-22s %s", "127.0.0.1:15037", "device")
                + " product:sim_product model:Sim_Model_9 device:simdev transport_id:7");
        assertEquals(new DeviceInfo("127.0.0.1:15037", "device", "sim_product", "Sim_Model_9", "simdev", 7), d);
        assertTrue(d.isOnline());
    }

    @Test
    void usbDevpathIsSkipped() {
        DeviceInfo d = DeviceInfo.parseLine("0a388e93               device usb:1-1 product:razor model:Nexus_7 device:flo transport_id:1");
        assertEquals("0a388e93", d.serial());
        assertEquals("device", d.state());
        assertEquals("Nexus_7", d.model());
        assertEquals(1, d.transportId());
    }

    @Test
    void offlineAndUnauthorizedHaveOnlyATransportId() {
        List<DeviceInfo> list = DeviceInfo.parseList(
                "emulator-5554          offline transport_id:2\n"
                + "R58M123ABC             unauthorized usb:2-1 transport_id:3\n");
        assertEquals(List.of(new DeviceInfo("emulator-5554", "offline", "", "", "", 2),
                new DeviceInfo("R58M123ABC", "unauthorized", "", "", "", 3)), list);
        assertFalse(list.get(0).isOnline());
    }

    @Test
    void stateWithSpacesIsKeptWhole() {
        String state = "no permissions (user in plugdev group; are your udev rules wrong?); see [http://developer.android.com/tools/device.html]";
        DeviceInfo d = DeviceInfo.parseLine("0123456789ABCDEF       " + state + " usb:1-4 transport_id:5");
        assertEquals(state, d.state());
        assertEquals(5, d.transportId());
    }

    @Test
    void shortFormAndEmptyList() {
        assertEquals(List.of(new DeviceInfo("emulator-5554", "device", "", "", "", 0)),
                DeviceInfo.parseList("emulator-5554\tdevice\n"));
        assertEquals(List.of(), DeviceInfo.parseList(""));
    }
}
