package io.fpsctl.sim.adb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.sim.adb.ServiceRequest.Kind;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ServiceRequestTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "shell,v2,raw:echo hi|SHELL_V2|echo hi",
        "shell,v2,TERM=xterm,raw:dumpsys gfxinfo com.example framestats|SHELL_V2|dumpsys gfxinfo com.example framestats",
        "shell,raw,v2:a:b|SHELL_V2|a:b",
        "shell,v2,pty:|SHELL_V2|''",
        "shell:ls -l|SHELL_V1|ls -l",
        "shell,raw:ls|SHELL_V1|ls",
        "shell,x-unknown:ls|SHELL_V1|ls",
        "exec:screencap -p|EXEC|screencap -p",
        // 7.0 services.cpp: strncmp(name, "shell", 5), then ShellService reads "v2" as the argument list
        "shellv2:ls|SHELL_V2|ls",
        "shell:export ANDROID_LOG_TAGS=\"''\"; exec logcat|SHELL_V1|export ANDROID_LOG_TAGS=\"''\"; exec logcat",
    })
    void parsesShellServices(String destination, Kind kind, String command) {
        assertEquals(Optional.of(new ServiceRequest(kind, command)), ServiceRequest.parse(destination));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bogus:", "sync:", "exec,v2:ls", "tcp:", "tcp:port", "shell", "", "host:version"})
    void refusesEverythingElse(String destination) {
        assertEquals(Optional.empty(), ServiceRequest.parse(destination));
    }
}
