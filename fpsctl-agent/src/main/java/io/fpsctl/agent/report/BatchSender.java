package io.fpsctl.agent.report;

import android.os.Bundle;

/** Turns a drained {@link RecordBatch} into the protocol's two-key bundle and sends it. */
public final class BatchSender {
    private final RecordBatch batch;
    private final StatusChannel channel;

    /** @param batch records to send; @param channel where bundles go */
    public BatchSender(RecordBatch batch, StatusChannel channel) {
        this.batch = batch;
        this.channel = channel;
    }

    /** Sends the pending records as one bundle; returns false (and sends nothing) when there are none. */
    public boolean flush() {
        String payload = batch.drain();
        if (payload == null) {
            return false;
        }
        Bundle b = new Bundle();
        b.putString(Protocol.KEY_VERSION, Protocol.VERSION);
        b.putString(Protocol.KEY_PAYLOAD, payload);
        channel.send(Protocol.STATUS_CODE, b);
        return true;
    }
}
