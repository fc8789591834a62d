import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema.ts";

type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Adds a notification for a user (never for the one who caused it). */
export async function notify(
  db: Tx,
  input: {
    userId: number | null | undefined;
    actorId?: number;
    type: "like" | "comment" | "follow" | "system";
    title: string;
    message: string;
  },
): Promise<void> {
  if (!input.userId || input.userId === input.actorId) return;
  await db
    .insert(notifications)
    .values({ userId: input.userId, type: input.type, title: input.title, message: input.message });
}
