import { z } from "zod";
import { rowId } from "@stepsync/contracts";

/** The `:id` of every admin route that names one row. */
export const idParam = z.object({ id: rowId() });
