package io.pqx.tools.cli;

import org.apache.flink.annotation.Internal;

/**
 * The command line itself is wrong (unknown command or option, missing argument): {@link PqxCli}
 * prints the message and the usage text and exits with status 2.
 */
@Internal
public final class UsageException extends Exception {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
