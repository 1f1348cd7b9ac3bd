package io.fpsctl.sim.device;

import java.util.List;

/**
 * {@code dumpsys activity [activities|a]}: the activity stacks with the lines clients grep for the resumed
 * activity.
 *
 * <p>Sourced: {@code ActivityRecord{<hash> u0 <pkg>/<short> t<task>}} is {@code ActivityRecord.toString()}; the
 * per-stack {@code "    mResumedActivity: "} line (6–12); on 13+ a leaf task prints
 * {@code "  topResumedActivity="} instead (Task.dump, {@code printThisActivity(…, prefix + "  topResumedActivity=")});
 * the global {@code "  ResumedActivity: "} ({@code dumpActivitiesLocked} from 8, ActivityTaskManagerService to
 * 16); 6/7 print {@code "  mFocusedActivity: "} there. Inferred: the 12/13 boundary of the task line, the
 * surrounding stack and task lines.
 */
final class ActivityDump implements DumpsysService {

    private final AndroidVersion version;
    private final AppLifecycle app;
    private final int taskId;

    ActivityDump(AndroidVersion version, AppLifecycle app, int taskId) {
        this.version = version;
        this.app = app;
        this.taskId = taskId;
    }

    @Override
    public String dump(List<String> args) {
        String what = args.isEmpty() ? "" : args.get(0);
        if (!what.isEmpty() && !what.equals("activities") && !what.equals("a")) {
            return "";
        }
        FocusState focus = FocusState.of(version, app, taskId);
        StringBuilder sb = new StringBuilder("ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n");
        sb.append("Display #0 (activities from top to bottom):\n");
        String launcher = FocusState.launcherRecord();
        boolean appOnTop = !focus.packageName().equals(FocusState.LAUNCHER_PACKAGE);
        if (appOnTop) {
            task(sb, 1, focus.activity(), focus.packageName(), focus.component(), focus.taskId(), true);
        }
        task(sb, 0, launcher, FocusState.LAUNCHER_PACKAGE, FocusState.LAUNCHER_PACKAGE + "/.Launcher",
                FocusState.LAUNCHER_TASK, !appOnTop);
        if (version.major() >= 12) {
            sb.append("  Resumed activities in task display areas (from top to bottom):\n")
                    .append("    Resumed: ").append(focus.activity()).append("\n\n");
        }
        sb.append(version.hasGlobalResumedActivityLine() ? "  ResumedActivity: " : "  mFocusedActivity: ")
                .append(focus.activity()).append('\n');
        if (version.major() < 12) {
            sb.append("  mFocusedStack=ActivityStack{").append(DeviceIds.stableHex("stack" + (appOnTop ? 1 : 0)))
                    .append(" stackId=").append(appOnTop ? 1 : 0).append(", 1 tasks}\n");
        }
        sb.append("  mCurTaskIdForUser={0=").append(taskId).append("}\n");
        return sb.toString();
    }

    private void task(StringBuilder sb, int stackId, String record, String pkg, String component, int task,
                      boolean resumed) {
        String intent = "Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER]"
                + " flg=0x10000000 cmp=" + component + " }";
        if (version.major() >= 12) {
            sb.append("  * Task{").append(DeviceIds.stableHex("task" + task)).append(" #").append(task)
                    .append(" type=").append(stackId == 0 ? "home" : "standard").append(" A=").append(pkg)
                    .append(" U=0 visible=").append(resumed).append(" mode=fullscreen translucent=false sz=1}\n");
            sb.append("    isSleeping=false\n");
            if (resumed) {
                sb.append(version.hasTopResumedActivityLine() ? "    topResumedActivity=" : "    mResumedActivity: ")
                        .append(record).append('\n');
            }
            sb.append("    * Hist #0: ").append(record).append('\n')
                    .append("      ").append(intent).append('\n');
            return;
        }
        String taskRecord = "TaskRecord{" + DeviceIds.stableHex("task" + task) + " #" + task + " A=" + pkg + " U=0 sz=1}";
        sb.append("  Stack #").append(stackId).append(":\n");
        sb.append("    Task id #").append(task).append('\n');
        sb.append("      ").append(taskRecord).append('\n');
        sb.append("      ").append(intent).append('\n');
        sb.append("        Hist #0: ").append(record).append('\n');
        sb.append("          ").append(intent).append('\n');
        sb.append('\n');
        sb.append("    Running activities (most recent first):\n");
        sb.append("      ").append(taskRecord).append('\n');
        sb.append("        Run #0: ").append(record).append('\n');
        sb.append('\n');
        if (resumed) {
            sb.append("    mResumedActivity: ").append(record).append('\n');
        }
        sb.append('\n');
    }
}
