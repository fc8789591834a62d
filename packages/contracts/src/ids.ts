import { z } from "zod";

/** Row ids are PostgreSQL `serial` (integer) columns: a larger number names no row, and the database refuses it. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id from a path, query or body ("12" or 12); anything else fails with `message` (typically "… not found"). */
export const rowId = (message = "Not found") =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ROW_ID, { error: message });
