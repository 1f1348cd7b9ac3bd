package io.fpsctl.agent.interaction;

import android.view.ViewTreeObserver;

import io.fpsctl.agent.report.AgentFault;
import io.fpsctl.agent.report.Protocol;

/** {@code ViewTreeObserver.OnScrollChangedListener} that marks the current frame as a scrolling frame. */
public final class ScrollWatcher implements ViewTreeObserver.OnScrollChangedListener {
    private final InteractionState state;
    private final AgentFault fault;

    /** @param state where scrolling is recorded; @param fault where a failure goes instead of into the app */
    public ScrollWatcher(InteractionState state, AgentFault fault) {
        this.state = state;
        this.fault = fault;
    }

    @Override
    public void onScrollChanged() {
        if (fault.failed()) {
            return;
        }
        try {
            state.onScrolled();
        } catch (RuntimeException | LinkageError e) {
            fault.report(Protocol.CAP_SCROLL, e);
        }
    }
}
