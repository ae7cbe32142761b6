package dev.ispd.hadoop.conf;

import dev.ispd.client.Credentials;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * The identity and key a Hadoop client shows drives (docs/security.md, "Clients"):
 * {@link IspdKeys#AUTH_IDENTITY}, and {@link IspdKeys#AUTH_KEY} read through Hadoop's
 * CredentialProvider API ({@link Configuration#getPassword}), so the key can live in a credential
 * store instead of plain configuration.
 */
public final class DriveCredentials {
    private DriveCredentials() {
    }

    /** The configured credentials; empty when the identity is 0 (anonymous). */
    public static Optional<Credentials> fromConfiguration(Configuration conf) throws IOException {
        String idKey = IspdKeys.AUTH_IDENTITY.name();
        String keyKey = IspdKeys.AUTH_KEY.name();
        long identity;
        try {
            identity = Long.parseLong(conf.getTrimmed(idKey, IspdKeys.AUTH_IDENTITY.defaultValue()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(idKey + " must be a number 0..4294967295, got '" + conf.get(idKey) + "'");
        }
        if (identity == 0) {
            return Optional.empty();
        }
        char[] key = conf.getPassword(keyKey);
        if (key == null || key.length == 0) {
            throw new IllegalArgumentException(idKey + " is " + identity + " but " + keyKey + " is set neither in a "
                    + "credential store nor in the configuration");
        }
        try {
            return Optional.of(Credentials.fromHex(identity, new String(key)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(keyKey + " (of identity " + identity + "): " + e.getMessage(), e);
        } finally {
            java.util.Arrays.fill(key, '\0');
        }
    }
}
