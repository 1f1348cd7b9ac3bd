package io.fpsctl.agent.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The on-device agent's compiled classes (fpsctl-agent's src/main/java, compiled into its target/classes) and
 * every member of another class their code refers to, read with ASM from the class files themselves.
 */
final class AgentClasses {
    /** fpsctl-agent, the module beside this one (both are folders of the repository; these tests run in theirs). */
    private static final Path AGENT = Path.of("..", "fpsctl-agent");

    /** One reference from agent code: {@code owner} internal name, member name and descriptor. */
    record Ref(String fromClass, String owner, String name, String descriptor, boolean isMethod) {
        String member() {
            return owner.replace('/', '.') + "." + name + (isMethod ? descriptor : "");
        }
    }

    private AgentClasses() {
    }

    /** Internal names of the agent's classes, nested ones included. */
    static List<String> names() {
        Path src = AGENT.resolve("src/main/java");
        Path classes = AGENT.resolve("target/classes");
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(src)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java")).toList()) {
                String rel = src.relativize(p).toString().replace('\\', '/');
                String base = rel.substring(0, rel.length() - ".java".length());
                Path dir = classes.resolve(base).getParent();
                String simple = Path.of(base).getFileName().toString();
                try (Stream<Path> cs = Files.list(dir)) {
                    cs.map(c -> c.getFileName().toString())
                            .filter(n -> n.equals(simple + ".class") || n.startsWith(simple + "$"))
                            .forEach(n -> out.add(base.substring(0, base.lastIndexOf('/') + 1) + n.replace(".class", "")));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Every field and method reference made by the code of {@code internalName}. */
    static List<Ref> references(String internalName) {
        List<Ref> refs = new ArrayList<>();
        Path file = AGENT.resolve("target/classes").resolve(internalName + ".class");
        try (InputStream in = Files.newInputStream(file)) {
            new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitFieldInsn(int op, String owner, String n, String d) {
                            refs.add(new Ref(internalName, owner, n, d, false));
                        }

                        @Override
                        public void visitMethodInsn(int op, String owner, String n, String d, boolean itf) {
                            refs.add(new Ref(internalName, owner, n, d, true));
                        }

                        @Override
                        public void visitInvokeDynamicInsn(String n, String d, Handle bsm, Object... args) {
                            for (Object a : args) {
                                if (a instanceof Handle h) {
                                    refs.add(new Ref(internalName, h.getOwner(), h.getName(), h.getDesc(),
                                            h.getTag() >= Opcodes.H_INVOKEVIRTUAL));
                                }
                            }
                        }
                    };
                }
            }, ClassReader.SKIP_DEBUG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return refs;
    }
}
