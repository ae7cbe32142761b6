package dev.ispd.client;

import dev.ispd.client.jna.JnaBinding;
import dev.ispd.client.jni.JniBinding;

/** The two ways into the same C library; both load the one file {@link NativeLoader} extracted. */
public enum Binding {
    /** Hand-written JNI glue (src/main/c/jni): the fast path and the default. */
    JNI,
    /** JNA direct mapping of the exported {@code ispd_*} functions. */
    JNA;

    /** The binding's single instance, loading the native library on first use. */
    public DriveBinding get() {
        return switch (this) {
            case JNI -> JniBinding.instance();
            case JNA -> JnaBinding.instance();
        };
    }
}
