package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The announcement lines and bad messages, written by hand from the sources cited in {@link DartVmService}. */
class DartVmServiceTest {

    @Test
    void theNewestAnnouncementOfThePidIsTaken() {
        String logcat = String.join("\n",
                "--------- beginning of main",
                "I/flutter ( 4482): The Dart VM service is listening on http://127.0.0.1:37649/FstNLBOlir4=/",
                "I/flutter ( 5120): The Dart VM service is listening on http://127.0.0.1:40001/AAAAAAAAAAA=/",
                "I/flutter ( 4482): Observatory listening on http://127.0.0.1:41234/Zz_9-Qq1ab0=/",
                "I/flutter ( 4482): hello from the app",
                "");
        assertEquals(Optional.of(new DartVmService.Address(4482, 41234, "Zz_9-Qq1ab0=")),
                DartVmService.newestAnnouncement(logcat, 4482));
        assertEquals("/Zz_9-Qq1ab0=/ws", DartVmService.newestAnnouncement(logcat, 4482).get().webSocketPath());
        assertEquals(Optional.of(new DartVmService.Address(5120, 40001, "AAAAAAAAAAA=")),
                DartVmService.newestAnnouncement(logcat, 5120));
        assertEquals(Optional.empty(), DartVmService.newestAnnouncement(logcat, 77));
    }

    @Test
    void withoutAuthCodesAndCrlfAndRejects() {
        assertEquals(Optional.of(new DartVmService.Address(9, 8181, "")), DartVmService.newestAnnouncement(
                "I/flutter (    9): The Dart VM service is listening on http://127.0.0.1:8181/\r\n", 9));
        assertEquals("/ws", new DartVmService.Address(9, 8181, "").webSocketPath());
        for (String bad : new String[] {
            "I/flutter ( 9): The Dart VM service is listening on http://10.0.0.2:8181/x=/",
            "I/flutter ( 9): The Dart VM service is listening on http://127.0.0.1:99999/x=/",
            "I/flutter ( 9): The Dart VM service is listening on http://127.0.0.1:8181/a b/",
            "W/flutter ( 9): The Dart VM service is listening on http://127.0.0.1:8181/x=/",
            "I/flutter ( 9): The Dart VM service is listening on http://127.0.0.1:8181/" + "A".repeat(300) + "/"}) {
            assertEquals(Optional.empty(), DartVmService.newestAnnouncement(bad, 9), bad);
        }
    }

    @Test
    void messagesThatAreNotTheProtocolAreRefused() {
        assertThrows(DartVmService.BadMessage.class, () -> DartVmService.parse("{\"id\":\"1\",\"result\":{}}"));
        assertThrows(DartVmService.BadMessage.class, () -> DartVmService.parse("{\"method\":\"getVM\"}"));
        assertThrows(DartVmService.BadMessage.class, () -> DartVmService.parse("{\"method\":\"streamNotify\","
                + "\"params\":{\"streamId\":\"Extension\",\"event\":{\"kind\":\"Extension\",\"extensionKind\":"
                + "\"Flutter.Frame\",\"extensionData\":{\"number\":1,\"startTime\":1,\"elapsed\":1,\"build\":1.5,"
                + "\"raster\":1}}}}"));
        // another extension kind is read and ignored, not an error
        DartVmService.Message m = assertDoesNotThrowParse("{\"jsonrpc\":\"2.0\",\"method\":\"streamNotify\",\"params\":"
                + "{\"streamId\":\"Extension\",\"event\":{\"kind\":\"Extension\",\"extensionKind\":\"Flutter.Navigation\","
                + "\"extensionData\":{}}}}");
        assertEquals(new DartVmService.Notification("Extension", "Flutter.Navigation", null), m);
    }

    private static DartVmService.Message assertDoesNotThrowParse(String text) {
        try {
            return DartVmService.parse(text);
        } catch (DartVmService.BadMessage e) {
            throw new AssertionError(e);
        }
    }
}
