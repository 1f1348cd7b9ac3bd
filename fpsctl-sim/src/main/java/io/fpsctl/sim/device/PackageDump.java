package io.fpsctl.sim.device;

import java.util.List;

/** {@code dumpsys package <pkg>}: the lines fpsctl reads (signatures), for the app when installed. */
final class PackageDump implements DumpsysService {

    /** {@code Signature.hashCode()} of the simulated app's certificate (a release key: no developer's key matches). */
    static final String APP_SIGNATURE_HASH = "5e3c1f2a";

    private final AppLifecycle app;
    private final AppRuntime runtime;

    PackageDump(AppLifecycle app, AppRuntime runtime) {
        this.app = app;
        this.runtime = runtime;
    }

    @Override
    public String dump(List<String> args) {
        String packageName = app.packageName();
        if (args.isEmpty() || !args.get(0).equals(packageName) || !app.isInstalled()) {
            return "";
        }
        return "Packages:\n  Package [" + packageName + "] (4b1d2e7):\n    userId=10123\n"
                + "    pkg=Package{8c0f3a1 " + packageName + "}\n    codePath=" + app.apkDir() + "\n"
                + "    versionCode=1 minSdk=24 targetSdk=" + runtime.targetSdk() + "\n"
                + "    signatures=PackageSignatures{1f2e3d4 version:3, signatures:[" + APP_SIGNATURE_HASH
                + "], past signatures:[]}\n";
    }
}
