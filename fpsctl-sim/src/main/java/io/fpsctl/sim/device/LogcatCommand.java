package io.fpsctl.sim.device;

import io.fpsctl.sim.device.flutter.VmServiceHost;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code logcat -d [-v brief|threadtime] [-s] [TAG[:PRIO] …]}: the main log buffer, dumped, as far as the simulated
 * device logs anything: the Flutter engine's announcement of its Dart VM service, once per app process in a
 * profile or debug build. The text is the Dart SDK's ({@code sdk/lib/_internal/vm/bin/vmservice_server.dart
 * Server.outputConnectionInformation}: {@code serverPrint('The Dart VM service is listening on $serverAddress')},
 * {@code serverAddress} = {@code http://127.0.0.1:<port>/<token>/}); the engine hands Dart's {@code print} to
 * {@code __android_log_print(ANDROID_LOG_INFO, tag, …)} (flutter/engine {@code shell/platform/android/
 * flutter_main.cc FlutterMain::Init}, {@code settings.log_message_callback}) with the tag {@code flutter}
 * (as logcat shows it, e.g. {@code I/flutter ( 4482): …} in flutter run's output).
 *
 * <p>Line formats (system/core {@code liblog/logprint.cpp android_log_formatLogLine}): {@code brief} is
 * {@code %c/%-8s(%5d): msg}; {@code threadtime} (the default since Android 7, inferred for earlier releases too)
 * is {@code MM-DD HH:MM:SS.mmm %5d %5d %c %-8s: msg}. A dump starts with {@code --------- beginning of main}.
 * Filter specs: {@code -s} silences every tag not named; {@code TAG:P} shows TAG at priority P and above
 * ({@code V D I W E F S}); {@code *:S} silences the rest. Anything else about logcat is not simulated: without
 * {@code -d} the command would follow the log forever, which the simulator refuses (exit 1, one line).
 */
final class LogcatCommand implements ShellCommand {

    private static final String PRIORITIES = "VDIWEFS";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);

    private final java.util.function.Supplier<List<VmServiceHost.Incarnation>> announcements;

    LogcatCommand(java.util.function.Supplier<List<VmServiceHost.Incarnation>> announcements) {
        this.announcements = announcements;
    }

    @Override
    public ShellReply run(List<String> args) {
        boolean dump = false;
        boolean silentDefault = false;
        String format = "threadtime";
        List<String> specs = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "-d" -> dump = true;
                case "-s" -> silentDefault = true;
                case "-v" -> format = i + 1 < args.size() ? args.get(++i) : format;
                default -> specs.add(a);
            }
        }
        if (!dump) {
            return new ShellReply("", "logcat: the simulator only dumps (-d)\n", 1);
        }
        if (!allowed("flutter", 'I', specs, silentDefault)) {
            return ShellReply.ok("");
        }
        StringBuilder out = new StringBuilder();
        List<VmServiceHost.Incarnation> lines = announcements.get();
        if (!lines.isEmpty()) {
            out.append("--------- beginning of main\n");
        }
        for (VmServiceHost.Incarnation inc : lines) {
            String msg = "The Dart VM service is listening on " + inc.httpUri();
            if (format.equals("brief")) {
                out.append(String.format("I/%-8s(%5d): %s\n", "flutter", inc.pid(), msg));
            } else {
                out.append(String.format("%s %5d %5d I %-8s: %s\n", STAMP.format(Instant.ofEpochMilli(inc.startWallMs())),
                        inc.pid(), inc.pid() + 24, "flutter", msg));
            }
        }
        return ShellReply.ok(out.toString());
    }

    /** Whether a line of {@code tag} at {@code priority} passes the filter specs (see class comment). */
    private static boolean allowed(String tag, char priority, List<String> specs, boolean silentDefault) {
        char defaultMin = silentDefault ? 'S' : 'V';
        for (String s : specs) {
            int colon = s.indexOf(':');
            String t = colon < 0 ? s : s.substring(0, colon);
            char p = colon < 0 || colon + 1 >= s.length() ? 'V' : Character.toUpperCase(s.charAt(colon + 1));
            if (t.equals(tag)) {
                return PRIORITIES.indexOf(priority) >= PRIORITIES.indexOf(p) && p != 'S';
            }
            if (t.equals("*")) {
                defaultMin = p;
            }
        }
        return defaultMin != 'S' && PRIORITIES.indexOf(priority) >= PRIORITIES.indexOf(defaultMin);
    }
}
