package io.pqx.tools.cli;

/**
 * The command line itself is wrong (unknown command or option, missing argument): {@link PqxCli}
 * prints the message and the usage text and exits with status 2.
 */
public final class UsageException extends Exception {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
