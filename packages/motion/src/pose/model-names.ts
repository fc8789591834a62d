/** The pose models the engine can run (their adapters and files: models.ts). */
export type PoseModelName =
  | "movenet-lightning"
  | "movenet-thunder"
  | "blazepose-lite"
  | "blazepose-full"
  | "blazepose-heavy";
