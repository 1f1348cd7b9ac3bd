package io.fpsctl.agent.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What one framework class file says about its members: which exist and, per member, the
 * {@code @UnsupportedAppUsage} annotation (either package) with its {@code maxTargetSdk}, if any.
 */
public final class FrameworkClass {
    /** The annotation of one member: {@code annotated} false = no @UnsupportedAppUsage at all. */
    public record Usage(boolean annotated, Integer maxTargetSdk) {
    }

    private final String superName;
    private final String[] interfaces;
    private final Map<String, Usage> members = new HashMap<>();

    private FrameworkClass(String superName, String[] interfaces) {
        this.superName = superName;
        this.interfaces = interfaces;
    }

    /** Reads a class file. */
    public static FrameworkClass read(InputStream in) {
        try (in) {
            ClassReader reader = new ClassReader(in);
            FrameworkClass c = new FrameworkClass(reader.getSuperName(), reader.getInterfaces());
            reader.accept(c.visitor(), ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG);
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Internal name of the superclass (null for Object). */
    String superName() {
        return superName;
    }

    /** Internal names of the implemented interfaces. */
    String[] interfaces() {
        return interfaces.clone();
    }

    /** The member's annotation, empty if the class declares no such member ({@code name + descriptor}). */
    public Optional<Usage> member(String name, String descriptor) {
        return Optional.ofNullable(members.get(name + descriptor));
    }

    /** A field named {@code name}, whatever its type. */
    Optional<Usage> anyField(String name) {
        return members.entrySet().stream().filter(e -> e.getKey().startsWith(name) && !e.getKey().contains("(")
                && e.getKey().length() > name.length() && "[LZBCSIJFD".indexOf(e.getKey().charAt(name.length())) >= 0)
                .map(Map.Entry::getValue).findFirst();
    }

    private ClassVisitor visitor() {
        return new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(int access, String name, String desc, String sig, Object value) {
                String key = name + desc;
                members.put(key, new Usage(false, null));
                return new FieldVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                        return usage(key, d);
                    }
                };
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                String key = name + desc;
                members.put(key, new Usage(false, null));
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                        return usage(key, d);
                    }
                };
            }
        };
    }

    private AnnotationVisitor usage(String key, String annotation) {
        if (!annotation.endsWith("/UnsupportedAppUsage;")) {
            return null;
        }
        members.put(key, new Usage(true, null));
        return new AnnotationVisitor(Opcodes.ASM9) {
            @Override
            public void visit(String name, Object value) {
                if (name.equals("maxTargetSdk")) {
                    members.put(key, new Usage(true, (Integer) value));
                }
            }
        };
    }
}
