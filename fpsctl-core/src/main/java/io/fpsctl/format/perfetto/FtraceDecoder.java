package io.fpsctl.format.perfetto;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.Arrays;
import perfetto.protos.Ftrace.PrintFtraceEvent;
import perfetto.protos.FtraceEventBundleOuterClass.FtraceClock;
import perfetto.protos.FtraceEventBundleOuterClass.FtraceEventBundle;
import perfetto.protos.FtraceEventOuterClass.FtraceEvent;

/**
 * Decodes one {@code FtraceEventBundle} (ftrace_event_bundle.proto, Perfetto v58.2) straight from the packet's bytes:
 * only its clock fields and its events' {@code print} ({@code PrintFtraceEvent.buf}: atrace's {@code B|pid|name} /
 * {@code E|pid} lines), whose bytes go to {@link TraceCollector#print(int, long, byte[], int, int)} undecoded. Same
 * result as the generated classes (their {@code *_FIELD_NUMBER} constants are the schema), under the proto2 rules
 * {@link FrameTimelineDecoder} lists: here an event's {@code print} met twice merges (the last {@code buf} wins), and
 * {@code print} is the only member of {@code FtraceEvent}'s oneof the vendored (trimmed) schema has, so every other
 * event kind is an unknown field.
 */
final class FtraceDecoder {

    private static final int VARINT = WireFormat.WIRETYPE_VARINT;
    private static final int LENGTH = WireFormat.WIRETYPE_LENGTH_DELIMITED;
    private static final int EVENT = FtraceEventBundle.EVENT_FIELD_NUMBER << 3 | LENGTH;
    private static final int FTRACE_CLOCK = FtraceEventBundle.FTRACE_CLOCK_FIELD_NUMBER << 3 | VARINT;
    private static final int FTRACE_TIMESTAMP = FtraceEventBundle.FTRACE_TIMESTAMP_FIELD_NUMBER << 3 | VARINT;
    private static final int BOOT_TIMESTAMP = FtraceEventBundle.BOOT_TIMESTAMP_FIELD_NUMBER << 3 | VARINT;
    private static final int TIMESTAMP = FtraceEvent.TIMESTAMP_FIELD_NUMBER << 3 | VARINT;
    private static final int PID = FtraceEvent.PID_FIELD_NUMBER << 3 | VARINT;
    private static final int PRINT = FtraceEvent.PRINT_FIELD_NUMBER << 3 | LENGTH;
    private static final int BUF = PrintFtraceEvent.BUF_FIELD_NUMBER << 3 | LENGTH;

    /** {@link #decode}'s answer for a bundle that was read. */
    static final long READ = Long.MIN_VALUE;

    private final TraceCollector out;
    /** The bundle's print events (tid, time, where buf is), kept until its clock fields (which may come after) are read. */
    private int[] tid = new int[16];
    private long[] ts = new long[16];
    private int[] bufAt = new int[16];
    private int[] bufLen = new int[16];
    private int count;
    /** The event being decoded: whether it has a {@code print}, and its {@code buf} (offset −1: none). */
    private boolean hasPrint;
    private int printAt;
    private int printLen;

    FtraceDecoder(TraceCollector out) {
        this.out = out;
    }

    /**
     * The bundle in {@code b[off, off + len)}. Ftrace timestamps are BOOTTIME unless the bundle names another ftrace
     * clock with a BOOTTIME pair to convert by (ftrace_event_bundle.proto, v58.2). Gives {@link #READ}, or the
     * {@code ftrace_clock} number trace_processor refuses the trace for (FTRACE_CLOCK_UNKNOWN or a number v58.2 does
     * not know: {@code FtraceTokenizer::HandleFtraceClockSnapshot} returns "Unable to parse ftrace packets with
     * unknown clock", which stops the import); its events are then not read.
     */
    long decode(byte[] b, int off, int len) throws IOException {
        count = 0;
        int clock = 0;
        boolean hasClock = false;
        long ftraceTs = 0;
        boolean hasFtraceTs = false;
        long bootTs = 0;
        boolean hasBootTs = false;
        CodedInputStream in = CodedInputStream.newInstance(b, off, len);
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            switch (tag) {
                case EVENT -> {
                    int limit = in.pushLimit(in.readRawVarint32());
                    event(in, off);
                    in.popLimit(limit);
                }
                case FTRACE_CLOCK -> {
                    // the last value as it is, as trace_processor's protozero decoder reads it (not protobuf-java's
                    // closed enum, which would leave an unknown number unset): Perfetto refuses such a trace below
                    clock = in.readEnum();
                    hasClock = true;
                }
                case FTRACE_TIMESTAMP -> {
                    ftraceTs = in.readInt64();
                    hasFtraceTs = true;
                }
                case BOOT_TIMESTAMP -> {
                    bootTs = in.readInt64();
                    hasBootTs = true;
                }
                default -> {
                    if (!in.skipField(tag)) {
                        in.checkLastTagWas(0); // an end-group tag that no group opened: throws
                    }
                }
            }
        }
        if (hasClock && (clock == FtraceClock.FTRACE_CLOCK_UNKNOWN_VALUE || FtraceClock.forNumber(clock) == null)) {
            return clock; // FtraceTokenizer::HandleFtraceClockSnapshot (v58.2): "unknown clock", an error
        }
        long shift = 0;
        if (hasClock && clock > 1) {
            if (hasFtraceTs && hasBootTs) {
                shift = bootTs - ftraceTs;
            } else {
                out.warnOnce("ftrace events use clock " + FtraceClock.forNumber(clock) + " without a BOOTTIME pair: "
                        + "their times are taken as they are");
            }
        }
        for (int i = 0; i < count; i++) {
            out.print(tid[i], ts[i] + shift, b, bufAt[i], bufLen[i]);
        }
        return READ;
    }

    /** One {@code FtraceEvent}: kept when it has a {@code print} with a non-empty {@code buf}. */
    private void event(CodedInputStream in, int base) throws IOException {
        long time = 0;
        int pid = 0;
        hasPrint = false;
        printAt = -1;
        printLen = 0;
        fields:
        while (true) {
            int tag = in.readTag();
            switch (tag) {
                case 0 -> {
                    break fields;
                }
                case TIMESTAMP -> time = in.readUInt64();
                case PID -> pid = in.readUInt32();
                case PRINT -> {
                    int limit = in.pushLimit(in.readRawVarint32());
                    print(in, base);
                    in.popLimit(limit);
                }
                default -> {
                    if (!in.skipField(tag)) {
                        break fields; // an end-group tag: checkLastTagWas throws below
                    }
                }
            }
        }
        in.checkLastTagWas(0);
        if (!hasPrint || printLen == 0) {
            return; // no print, or an empty one: nothing atrace wrote
        }
        if (count == tid.length) {
            int n = count * 2;
            tid = Arrays.copyOf(tid, n);
            ts = Arrays.copyOf(ts, n);
            bufAt = Arrays.copyOf(bufAt, n);
            bufLen = Arrays.copyOf(bufLen, n);
        }
        tid[count] = pid;
        ts[count] = time;
        bufAt[count] = printAt;
        bufLen[count] = printLen;
        count++;
    }

    /** A {@code PrintFtraceEvent}, merged into the event's: the last {@code buf} wins. */
    private void print(CodedInputStream in, int base) throws IOException {
        hasPrint = true;
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            if (tag == BUF) {
                int n = in.readRawVarint32();
                int at = base + in.getTotalBytesRead();
                in.skipRawBytes(n);
                printAt = at;
                printLen = n;
            } else if (!in.skipField(tag)) {
                break;
            }
        }
        in.checkLastTagWas(0);
    }
}
