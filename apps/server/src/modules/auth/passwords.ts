import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with its default memory/time costs.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash to verify against when the account does not exist, so "no such user" and
// "wrong password" take the same time and cannot be told apart.
const decoy = hash("decoy-password-for-timing");

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
