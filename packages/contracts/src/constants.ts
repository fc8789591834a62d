/** Product constants shared by server, web and engine: each rule has its one home here. */

export const ACTIVITY_TYPES = [
  "ballet",
  "hip_hop",
  "contemporary",
  "jazz",
  "latin",
  "ballroom",
  "breakdance",
  "folk",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  ballet: "Ballet",
  hip_hop: "Hip Hop",
  contemporary: "Contemporary",
  jazz: "Jazz",
  latin: "Latin",
  ballroom: "Ballroom",
  breakdance: "Breakdance",
  folk: "Folk",
};

/** The four scoring categories of each style. */
export const SCORING_CATEGORIES: Record<ActivityType, readonly [string, string, string, string]> = {
  ballet: ["posture", "arm_positions", "leg_technique", "grace"],
  hip_hop: ["rhythm", "energy", "isolation", "attitude"],
  contemporary: ["flow", "expression", "flexibility", "connection"],
  jazz: ["rhythm", "sharpness", "musicality", "performance"],
  latin: ["hip_movement", "rhythm", "passion", "connection"],
  ballroom: ["frame", "connection", "footwork", "elegance"],
  breakdance: ["power", "rhythm", "creativity", "athleticism"],
  folk: ["tradition", "rhythm", "expression", "storytelling"],
};

export const DIFFICULTIES = ["beginner", "intermediate", "advanced"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const ROLES = ["user", "contributor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const TIMEFRAMES = ["week", "month", "year", "all"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  week: "Last 7 Days",
  month: "Last 30 Days",
  year: "Last Year",
  all: "All Time",
};

export const CREDIT_TRANSACTION_TYPES = ["initial", "purchase", "usage", "refund", "other"] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

export const LIMITS = {
  /** Credits a new account starts with. */
  initialCredits: 10,
  /** Analysis attempts before an interrupted comparison is given up and refunded. */
  analysisAttempts: 3,
  /** Credits one comparison costs. */
  comparisonCost: 1,
  signupPasswordMin: 6,
  resetStrengthThreshold: 3,
  resetLengthPoint: 8,
  /** Session lifetime; the web app extends it 30 minutes before it ends. */
  sessionDays: 7,
  sessionRecheckMs: 10 * 60 * 1000,
  sessionExtendBeforeMs: 30 * 60 * 1000,
  resetTokenMs: 60 * 60 * 1000,
  clientLogMax: 1000,
  toastLimit: 20,
  profileMessageMs: 3000,
  maxVideoBytes: 500 * 1024 * 1024,
  maxThumbnailBytes: 10 * 1024 * 1024,
  /** The longest video the engine analyses (its DEFAULTS.maxDuration; a server test keeps them equal). */
  maxVideoSeconds: 600,
  libraryPageSize: 12,
  historyPageSize: 12,
  adminPageSize: 20,
  searchDebounceMs: 300,
  historyPollMs: 3000,
  realtimeRefreshMs: 30_000,
  recordingMaxMs: 5 * 60 * 1000,
  recordingWarnMs: 4.5 * 60 * 1000,
  cameraTimeoutMs: 10_000,
} as const;

/**
 * The engine's verdict per move, best first (as in dance games); the engine uses this list.
 */
export const VERDICTS = ["perfect", "great", "good", "ok", "miss"] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * Joint feedback is given only for a section whose rounded score is below this, and only for joints
 * more than JOINT_FEEDBACK_MIN_DIFF degrees off: a good section gets no nitpicks. The engine writes
 * it, the result view shows it, both by this rule.
 */
export const JOINT_FEEDBACK_BELOW_SCORE = 90;
export const JOINT_FEEDBACK_MIN_DIFF = 20;

/** Score colour bands: 80+ green, 60+ yellow, else red. */
export function scoreBand(score: number): "green" | "yellow" | "red" {
  if (score >= 80) return "green";
  if (score >= 60) return "yellow";
  return "red";
}
