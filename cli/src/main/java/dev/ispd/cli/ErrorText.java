package dev.ispd.cli;

import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The one-line text of an error. The JDK's file-system exceptions carry only a path as their
 * message ("/tmp/x"), so they are spelled out: "/tmp/x: no such file or directory".
 */
public final class ErrorText {
    private ErrorText() {
    }

    public static String of(Throwable ex) {
        Throwable e = ex instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : ex;
        if (e instanceof FileSystemException f) {
            return fileSystem(f);
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    private static String fileSystem(FileSystemException f) {
        String file = f.getFile() == null ? "" : f.getFile();
        String where = f.getOtherFile() == null ? file : file + " -> " + f.getOtherFile();
        return where + ": " + (f.getReason() != null ? f.getReason() : reason(f));
    }

    private static String reason(FileSystemException f) {
        if (f instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (f instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (f instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (f instanceof DirectoryNotEmptyException) {
            return "is a directory that is not empty";
        }
        if (f instanceof NotDirectoryException) {
            return "not a directory";
        }
        return f.getClass().getSimpleName();
    }
}
