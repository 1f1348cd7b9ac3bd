package io.fpsctl.sim.device;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code dumpsys [<service> [args]]}: routes to one {@link DumpsysService}; without arguments lists them. */
final class Dumpsys implements ShellCommand {

    private final Map<String, DumpsysService> services;

    Dumpsys(Map<String, DumpsysService> services) {
        this.services = new TreeMap<>(services);
    }

    @Override
    public ShellReply run(List<String> args) {
        if (args.isEmpty()) {
            StringBuilder sb = new StringBuilder("Currently running services:\n");
            services.keySet().forEach(name -> sb.append("  ").append(name).append('\n'));
            return ShellReply.ok(sb.toString());
        }
        DumpsysService service = services.get(args.get(0));
        if (service == null) {
            return new ShellReply("", "Can't find service: " + args.get(0) + "\n", 0);
        }
        return ShellReply.ok(service.dump(args.subList(1, args.size())));
    }
}
