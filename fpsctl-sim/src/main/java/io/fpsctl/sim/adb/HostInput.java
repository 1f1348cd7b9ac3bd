package io.fpsctl.sim.adb;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.Objects;

/**
 * A command's standard input: what the host sent on the stream, in order, as the handler reads it. A read waits
 * for the host; the input ends when the host closes it (shell v2 id 4) or the stream closes.
 */
final class HostInput extends InputStream {

    private final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    private byte[] current = new byte[0];
    private int pos;
    private boolean ended;

    /** More input from the host (ignored once the input ended). */
    synchronized void offer(byte[] bytes) {
        if (!ended && bytes.length > 0) {
            chunks.add(bytes);
            notifyAll();
        }
    }

    /** No more input: readers get what is left, then the end. */
    synchronized void end() {
        ended = true;
        notifyAll();
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        while (pos == current.length) {
            if (!chunks.isEmpty()) {
                current = chunks.poll();
                pos = 0;
            } else if (ended) {
                return -1;
            } else {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while waiting for the host's input");
                }
            }
        }
        int n = Math.min(len, current.length - pos);
        System.arraycopy(current, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }
}
