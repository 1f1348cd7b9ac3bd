package io.fpsctl.agentapk;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** An element of a binary XML document under construction: a name, attributes and child elements (no text). */
public final class AxmlElement {

    private final String name;
    private final List<AxmlAttribute> attributes = new ArrayList<>();
    private final List<AxmlElement> children = new ArrayList<>();

    public AxmlElement(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** Adds an attribute; returns this element. */
    public AxmlElement attribute(AxmlAttribute attribute) {
        attributes.add(Objects.requireNonNull(attribute, "attribute"));
        return this;
    }

    /** Adds a child element; returns this element (not the child). */
    public AxmlElement child(AxmlElement child) {
        children.add(Objects.requireNonNull(child, "child"));
        return this;
    }

    public String name() {
        return name;
    }

    public List<AxmlAttribute> attributes() {
        return Collections.unmodifiableList(attributes);
    }

    public List<AxmlElement> children() {
        return Collections.unmodifiableList(children);
    }
}
