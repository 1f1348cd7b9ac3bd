package io.fpsctl.android.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.DumpFormatException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden lines written by hand from the kernel's {@code fs/proc/array.c do_task_stat} (Linux 5.10, as on Android
 * 12/13 GKI; 3.10 and 4.x print the same 52 fields): {@code "%d (%s) %c"} then, space separated, ppid, pgrp,
 * session, tty_nr, tpgid, flags, minflt, cminflt, majflt, cmajflt, <b>utime</b> (14), <b>stime</b> (15), cutime,
 * cstime, priority, nice, num_threads, 0, starttime, vsize, rss, rsslim, startcode, endcode, startstack, kstkesp,
 * kstkeip, signal, blocked, sigignore, sigcatch, wchan, 0, 0, exit_signal, processor, rt_priority, policy,
 * delayacct_blkio_ticks, guest_time, cguest_time, start_data, end_data, start_brk, arg_start, arg_end, env_start,
 * env_end, exit_code. The comm is printed as is (no escaping in stat), at most 15 bytes.
 */
class ProcPidStatTest {

    /** The tail after utime/stime, fields 16..52, for lines whose other fields do not matter. */
    private static final String REST = " 0 0 10 -10 52 0 81234 15203987456 35612 18446744073709551615 1 1 0 0 0 0 4612 1"
            + " 1073775868 0 0 0 -1 4 0 0 0 0 0 0 0 0 0 0 0 0 0\n";

    private static String line(int tid, String comm, char state, long utime, long stime) {
        // fields 4..13: ppid 601 (zygote64), pgrp 601, session 0, tty 0, tpgid -1, flags, minflt, 0, majflt, 0
        return tid + " (" + comm + ") " + state + " 601 601 0 0 -1 1077952832 41235 0 612 0 " + utime + " " + stime
                + REST;
    }

    @Test
    void mainThreadLineGivesUtimeAndStime() throws DumpFormatException {
        // Written out in full once: field 14 = 2345, field 15 = 678.
        String text = "4000 (om.example.feed) S 601 601 0 0 -1 1077952832 41235 0 612 0 2345 678 0 0 10 -10 52 0 "
                + "81234 15203987456 35612 18446744073709551615 1 1 0 0 0 0 4612 1 1073775868 0 0 0 17 4 0 0 0 0 0 "
                + "0 0 0 0 0 0 0 0\n";
        assertEquals(List.of(new ThreadTicks(4000, "om.example.feed", 2345, 678)), ProcPidStat.parse(text));
    }

    @Test
    void commsWithSpacesParenthesesAndANewlineEndAtTheLastParenthesis() throws DumpFormatException {
        String text = line(4000, "om.example.feed", 'S', 10, 2)
                + line(4020, "RenderThread", 'R', 300, 40)
                + line(4021, "GPU completion", 'S', 7, 3)
                + line(4030, "a) b (c", 'S', 11, 1)          // spaces and both parentheses
                + line(4031, ") S 1 2 3 4 5)", 'S', 12, 2)   // a whole fake tail inside the comm, 14 bytes
                + line(4032, "pwn\n1 (z) S 2 3", 'D', 13, 3) // 15 bytes with a newline and a fake head
                + line(4033, "((", 'Z', 14, 4)
                + line(4034, "", 'S', 15, 5)                  // prctl(PR_SET_NAME, "")
                + line(4035, "a) S 12\nb", 'S', 16, 6);        // first line: a whole record's shape (9 bytes)
        List<ThreadTicks> t = ProcPidStat.parse(text);
        assertEquals(List.of(
                new ThreadTicks(4000, "om.example.feed", 10, 2),
                new ThreadTicks(4020, "RenderThread", 300, 40),
                new ThreadTicks(4021, "GPU completion", 7, 3),
                new ThreadTicks(4030, "a) b (c", 11, 1),
                new ThreadTicks(4031, ") S 1 2 3 4 5)", 12, 2),
                new ThreadTicks(4032, "pwn\n1 (z) S 2 3", 13, 3),
                new ThreadTicks(4033, "((", 14, 4),
                new ThreadTicks(4034, "", 15, 5),
                new ThreadTicks(4035, "a) S 12\nb", 16, 6)), t);
    }

    @Test
    void aLineWithoutTheNumericTailIsAFormatErrorNamingTheLine() {
        DumpFormatException e = assertThrows(DumpFormatException.class,
                () -> ProcPidStat.parse("4000 (main) S 601 601 x\n"));
        assertTrue(e.getMessage().contains("4000 (main)"), e.getMessage());
        assertThrows(DumpFormatException.class, () -> ProcPidStat.parse("hello world\n"));
        // Linux 2.4 printed fewer fields; anything without field 15 cannot be used.
        assertThrows(DumpFormatException.class, () -> ProcPidStat.parse("1 (init) S 0 0 0 0 -1 4 5 6 7 8\n"));
    }

    @Test
    void emptyTextHasNoThreads() throws DumpFormatException {
        assertEquals(List.of(), ProcPidStat.parse("\n"));
    }
}
