package io.fpsctl.agent.interaction;

import android.view.ViewTreeObserver;

/** {@code ViewTreeObserver.OnScrollChangedListener} that marks the current frame as a scrolling frame. */
public final class ScrollWatcher implements ViewTreeObserver.OnScrollChangedListener {
    private final InteractionState state;

    /** @param state where scrolling is recorded */
    public ScrollWatcher(InteractionState state) {
        this.state = state;
    }

    @Override
    public void onScrollChanged() {
        state.onScrolled();
    }
}
