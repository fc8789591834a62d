import { z } from "zod";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

/** A client log entry (part 1 §3). Bounded so a client cannot flood the table. */
export const clientLogEntry = z.object({
  timestamp: z.string().max(64).optional(),
  level: z.enum(LOG_LEVELS),
  message: z.string().max(4000),
  component: z.string().max(200).nullish(),
  userId: z.union([z.string(), z.number()]).nullish(),
  sessionId: z.string().max(200).nullish(),
  userAgent: z.string().max(500).nullish(),
  url: z.string().max(2000).nullish(),
});
export type ClientLogEntry = z.infer<typeof clientLogEntry>;

/** One entry, or a batch of at most 50. */
export const clientLogRequest = z.union([clientLogEntry, z.object({ entries: z.array(clientLogEntry).max(50) })]);
