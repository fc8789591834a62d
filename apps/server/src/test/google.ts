import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPairSync, createSign } from "node:crypto";

/**
 * Stands in for Google's token keys: publishes a public key on loopback in the format of Google's
 * certs endpoint, and signs ID tokens with the matching private key the way Google does (RS256).
 */
export async function startFakeGoogle(clientId: string) {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = "test-key-1";
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=600" });
    res.end(JSON.stringify({ [kid]: publicKey.export({ type: "spki", format: "pem" }) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const certsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v1/certs`;

  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  function idToken(claims: {
    sub: string;
    email: string;
    name?: string;
    picture?: string;
    aud?: string;
    expiresIn?: number;
  }) {
    const now = Math.floor(Date.now() / 1000);
    const header = b64({ alg: "RS256", kid, typ: "JWT" });
    const payload = b64({
      iss: "https://accounts.google.com",
      aud: claims.aud ?? clientId,
      sub: claims.sub,
      email: claims.email,
      email_verified: true,
      name: claims.name,
      picture: claims.picture,
      iat: now,
      exp: now + (claims.expiresIn ?? 3600),
    });
    const signature = createSign("RSA-SHA256").update(`${header}.${payload}`).sign(privateKey).toString("base64url");
    return `${header}.${payload}.${signature}`;
  }
  return { certsUrl, idToken, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
