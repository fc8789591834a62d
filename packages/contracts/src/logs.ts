import { z } from "zod";
import { pagination } from "./comparisons.ts";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A client log entry. Bounded so a client cannot flood the table. */
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

/** GET /api/admin/client-logs: one stored entry as admins read it. */
export const storedClientLog = z.object({
  id: z.number().int(),
  level: z.enum(LOG_LEVELS),
  message: z.string(),
  component: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_agent: z.string().nullable(),
  url: z.string().nullable(),
  /** As the client stamped it (its clock), null when it sent none. */
  timestamp: z.string().nullable(),
  created_at: z.string(),
});
export type StoredClientLog = z.infer<typeof storedClientLog>;
export const clientLogsResponse = z.object({ logs: z.array(storedClientLog), pagination });
export type ClientLogsResponse = z.infer<typeof clientLogsResponse>;
