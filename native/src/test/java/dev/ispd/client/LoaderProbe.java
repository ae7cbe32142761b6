package dev.ispd.client;

/**
 * Run in a fresh JVM by {@link NativeLoaderTest}: loads the library through both bindings, as an
 * application would, and prints the loaded file (exit 0) or the loader's message (exit 3).
 */
public final class LoaderProbe {
    private LoaderProbe() {
    }

    public static void main(String[] args) {
        try {
            Binding.JNI.get();
            Binding.JNA.get();
            System.out.println(NativeLoader.loadedPath());
        } catch (UnsatisfiedLinkError e) {
            System.err.println(e.getMessage());
            System.exit(3);
        }
    }
}
