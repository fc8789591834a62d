import { OAuth2Client, type TokenPayload } from "google-auth-library";
import { MESSAGES } from "@stepsync/contracts";
import { HttpError } from "../../http/errors.ts";

export type GoogleIdentity = { sub: string; email: string; name: string | undefined; picture: string | undefined };
export type GoogleVerifier = { verify(credential: string): Promise<GoogleIdentity> };

/**
 * Verifies a Google Identity Services ID token (signature against Google's published keys, audience,
 * issuer, expiry). GOOGLE_CERTS_URL only exists so tests can publish their own keys on loopback.
 */
export function createGoogleVerifier(clientId: string | undefined, certsUrl?: string): GoogleVerifier {
  const client = clientId
    ? new OAuth2Client({ clientId, ...(certsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: certsUrl } } : {}) })
    : undefined;
  return {
    async verify(credential) {
      if (!client || !clientId) throw new HttpError(503, MESSAGES.googleNotConfigured);
      let payload: TokenPayload | undefined;
      try {
        const ticket = await client.verifyIdToken({ idToken: credential, audience: clientId });
        payload = ticket.getPayload();
      } catch {
        throw new HttpError(401, MESSAGES.authFailed);
      }
      if (!payload?.sub || !payload.email || payload.email_verified === false) {
        throw new HttpError(401, MESSAGES.authFailed);
      }
      return { sub: payload.sub, email: payload.email.toLowerCase(), name: payload.name, picture: payload.picture };
    },
  };
}
