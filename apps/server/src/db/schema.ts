import { POSE_SOURCES, TAKE_TRACK_USES } from "@stepsync/contracts";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    /** Null for accounts that only sign in with Google. */
    passwordHash: text("password_hash"),
    googleSub: text("google_sub"),
    fullName: text("full_name"),
    bio: text("bio"),
    profileImage: text("profile_image"),
    role: text("role", { enum: ["user", "contributor", "admin"] })
      .notNull()
      .default("user"),
    /** Current balance; every change has a credit_transactions row written in the same transaction. */
    credits: integer("credits").notNull().default(0),
    verified: boolean("verified").notNull().default(false),
    /** When the owner of `email` proved it (a confirmation link, a reset link, Google); null until then. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    socialLinks: jsonb("social_links").$type<Record<string, string>>().notNull().default({}),
    /** Whether review outcomes of the user's library videos are also mailed (turned off by the mail's link). */
    reviewMails: boolean("review_mails").notNull().default(true),
    /** Whether a group organiser's reminders are also mailed (turned off by the mail's link or the setting). */
    groupMails: boolean("group_mails").notNull().default(true),
    /** Random token of the user's mail unsubscribe links (no sign-in needed to use one). */
    mailToken: text("mail_token").notNull().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    uniqueIndex("users_mail_token_unique").on(t.mailToken),
    check("users_credits_not_negative", sql`${t.credits} >= 0`),
    check("users_role_valid", sql`${t.role} in ('user', 'contributor', 'admin')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    /** SHA-256 of the token; the token itself is only ever held by the client. */
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [uniqueIndex("sessions_token_hash_unique").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/**
 * A link mailed to prove an address: the account's own (after sign-up) or a new one it wants to
 * change to (the e-mail changes when the link is opened). Only the token's hash is stored.
 */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("email_confirmations_hash_unique").on(t.tokenHash),
    index("email_confirmations_user_idx").on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("password_reset_tokens_hash_unique").on(t.tokenHash)],
);

export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    transactionType: text("transaction_type", { enum: ["initial", "purchase", "usage", "refund", "other"] }).notNull(),
    /** Signed: positive adds credits, negative spends them. */
    amount: integer("amount").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_transactions_user_idx").on(t.userId, t.createdAt),
    check(
      "credit_transactions_type_valid",
      sql`${t.transactionType} in ('initial', 'purchase', 'usage', 'refund', 'other')`,
    ),
  ],
);

/**
 * Credits an admin gave a user (or took back) from User Management, while payments are off or to set
 * something right: who, whom, how many, why and when — the audit of the change, whose ledger line is
 * the credits area's, written in the same transaction. `idempotency_key` (the admin's client's, per
 * admin) makes a retried request one grant. Kept when either account is deleted.
 */
export const adminCreditGrants = pgTable(
  "admin_credit_grants",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Signed: positive gives, negative takes back (never below the user's balance). */
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("admin_credit_grants_key_unique").on(t.adminId, t.idempotencyKey),
    index("admin_credit_grants_user_idx").on(t.userId, t.createdAt),
    check("admin_credit_grants_amount_nonzero", sql`${t.amount} <> 0`),
  ],
);

export const purchases = pgTable(
  "purchases",
  {
    id: serial("id").primaryKey(),
    /** Null once the buyer's account was deleted: purchases are kept (anonymised) for the accounts. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    bundleId: integer("bundle_id"),
    creditsAmount: integer("credits_amount").notNull(),
    /** Money as integer paise (1/100 rupee). */
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    paymentMethod: text("payment_method").notNull().default("razorpay"),
    paymentStatus: text("payment_status", { enum: ["pending", "completed", "failed"] })
      .notNull()
      .default("pending"),
    providerOrderId: text("provider_order_id"),
    providerPaymentId: text("provider_payment_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("purchases_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("purchases_provider_order_unique").on(t.providerOrderId),
  ],
);

/** An uploaded video file: a user's performance or a reference they uploaded for one comparison. Private to its owner. */
export const videos = pgTable(
  "videos",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["user", "reference"] }).notNull(),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name"),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    durationS: real("duration_s"),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [index("videos_owner_idx").on(t.ownerId), uniqueIndex("videos_storage_key_unique").on(t.storageKey)],
);

/** A video of the community library. Pending until an admin approves it; only approved ones are listed or used. */
export const referenceVideos = pgTable(
  "reference_videos",
  {
    id: serial("id").primaryKey(),
    contributorId: integer("contributor_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    category: text("category").notNull(),
    difficulty: text("difficulty").notNull().default("beginner"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    videoKey: text("video_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    mimeType: text("mime_type").notNull().default("video/mp4"),
    durationS: real("duration_s"),
    views: integer("views").notNull().default(0),
    likesCount: integer("likes_count").notNull().default(0),
    usageCount: integer("usage_count").notNull().default(0),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    /**
     * Who may see it: "public" (the library, once approved) or "group" (a routine a group's organiser
     * uploaded for the group: its organiser and the members of the groups practising it, never listed
     * in the library; no review needed, so it starts approved). See library/policy.ts.
     */
    audience: text("audience", { enum: ["public", "group"] })
      .notNull()
      .default("public"),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** Why an admin rejected it (shown to the contributor). */
    reviewReason: text("review_reason"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }),
    /**
     * A contributor's edit of an approved video, waiting for review: the approved texts stay live
     * meanwhile; approving applies it, rejecting drops it (with edit_review_reason).
     */
    pendingEdit: jsonb("pending_edit").$type<PendingVideoEdit>(),
    /** Why an admin did not approve the contributor's last edit (shown to the contributor). */
    editReviewReason: text("edit_review_reason"),
    /** The reference's poses, computed once after upload (jobs/reference-poses-job.ts) and reused by every comparison. */
    poseStatus: text("pose_status", { enum: ["pending", "ready", "failed"] })
      .notNull()
      .default("pending"),
    /** Storage key of the PoseTrack JSON, once ready. */
    poseTrackKey: text("pose_track_key"),
    /** Why the poses could not be computed (e.g. no person in the video); admins see it before approving. */
    poseError: text("pose_error"),
    /** Last sign of life of the pose job running on it (jobs/heartbeat.ts); null while queued. */
    poseHeartbeatAt: timestamp("pose_heartbeat_at", { withTimezone: true, mode: "date" }),
    /** Pose attempts started; a job that keeps dying is given up after MAX_ATTEMPTS. */
    poseAttempts: integer("pose_attempts").notNull().default(0),
    /** How far the running pose job is, 0–100 (0 while queued), and when its attempt started: the time left. */
    poseProgress: integer("pose_progress").notNull().default(0),
    poseStartedAt: timestamp("pose_started_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reference_videos_status_idx").on(t.status, t.category),
    index("reference_videos_contributor_idx").on(t.contributorId),
    check("reference_videos_audience_valid", sql`${t.audience} in ('public', 'group')`),
  ],
);

/** The texts of a library video a contributor may edit (what a pending edit holds). */
export type PendingVideoEdit = {
  title?: string;
  description?: string | null;
  category?: string;
  difficulty?: string;
  tags?: string[];
};

/**
 * One view of a library video per viewer and day (UTC): the unique index makes the count exact however
 * often a viewer opens or practises it that day. viewer_key is "u:<user id>" or "v:<hash>" for a visitor.
 */
export const libraryVideoViews = pgTable(
  "library_video_views",
  {
    id: serial("id").primaryKey(),
    videoId: integer("video_id")
      .notNull()
      .references(() => referenceVideos.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [uniqueIndex("library_video_views_unique").on(t.videoId, t.viewerKey, t.day)],
);

/** One like per user and library video; likes_count on the video moves only when a row is added or removed. */
export const videoLikes = pgTable(
  "video_likes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => referenceVideos.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("video_likes_unique").on(t.userId, t.videoId), index("video_likes_video_idx").on(t.videoId)],
);

/** follower follows following; never oneself. */
export const follows = pgTable(
  "follows",
  {
    id: serial("id").primaryKey(),
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: integer("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("follows_unique").on(t.followerId, t.followingId),
    index("follows_following_idx").on(t.followingId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followingId}`),
  ],
);

/**
 * A friend request: pending → accepted or declined. At most one live (pending or accepted) request
 * per pair of users, in either direction (the partial unique index on the ordered pair).
 */
export const friendRequests = pgTable(
  "friend_requests",
  {
    id: serial("id").primaryKey(),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: integer("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "accepted", "declined"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    respondedAt: timestamp("responded_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("friend_requests_live_pair_unique")
      .on(sql`least(${t.senderId}, ${t.receiverId})`, sql`greatest(${t.senderId}, ${t.receiverId})`)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index("friend_requests_receiver_idx").on(t.receiverId, t.status),
    index("friend_requests_sender_idx").on(t.senderId, t.status),
    check("friend_requests_not_self", sql`${t.senderId} <> ${t.receiverId}`),
    check("friend_requests_status_valid", sql`${t.status} in ('pending', 'accepted', 'declined')`),
  ],
);

/** A share of a library video (counted; the answer is a link to it). */
export const videoShares = pgTable(
  "video_shares",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => referenceVideos.id, { onDelete: "cascade" }),
    shareType: text("share_type").notNull().default("public"),
    createdAt: createdAt(),
  },
  (t) => [index("video_shares_video_idx").on(t.videoId)],
);

/** A comment on a library video; its author deletes it, admins manage all. */
export const videoComments = pgTable(
  "video_comments",
  {
    id: serial("id").primaryKey(),
    videoId: integer("video_id")
      .notNull()
      .references(() => referenceVideos.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("video_comments_video_idx").on(t.videoId, t.createdAt)],
);

export const comparisons = pgTable(
  "comparisons",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activityType: text("activity_type").notNull(),
    status: text("status", { enum: ["processing", "completed", "failed"] })
      .notNull()
      .default("processing"),
    /** Analysis progress 0–100 while processing. */
    progress: integer("progress").notNull().default(0),
    overallScore: real("overall_score"),
    referenceTitle: text("reference_title"),
    contributorName: text("contributor_name"),
    thumbnailPath: text("thumbnail_path"),
    /**
     * Where the person is in the user's video, for the history card's still and hover preview (a
     * crop window and the time of a frame showing the whole body; see @stepsync/motion framing).
     * Null before the analysis finished, or when no frame showed the whole person.
     */
    userFraming: jsonb("user_framing").$type<{ at: number; crop: { x: number; y: number; w: number; h: number } }>(),
    userVideoId: integer("user_video_id").references(() => videos.id, { onDelete: "set null" }),
    /** The reference: an uploaded file, or a library video. */
    referenceUploadId: integer("reference_upload_id").references(() => videos.id, { onDelete: "set null" }),
    referenceVideoId: integer("reference_video_id").references(() => referenceVideos.id, { onDelete: "set null" }),
    /**
     * "Practise this part": only this span of the reference (seconds in the reference) was compared;
     * null for a comparison of the whole video. The part's label ("counts 5–6", a section title) and
     * the comparison it was practised from (null once that one is deleted) go with it.
     */
    referenceStartS: real("reference_start_s"),
    referenceEndS: real("reference_end_s"),
    partLabel: text("part_label"),
    parentComparisonId: integer("parent_comparison_id").references((): AnyPgColumn => comparisons.id, {
      onDelete: "set null",
    }),
    /**
     * Dance along: the user's video was recorded in the app while the reference played, and the
     * reference's start (or the practised part's start) plays this many seconds into it. The
     * analysis then judges timing against that clock (jobs/comparison-job.ts); null for any other video.
     */
    takeOffsetS: real("take_offset_s"),
    /** The engine's full result (sections, feedback, alignment, pose tracks). */
    result: jsonb("result"),
    /**
     * False when the engine found that the user's video does not show the reference's routine
     * (sameness "not_same"): its credit was given back, and it counts nowhere — not in stats,
     * averages, best scores, leaderboards, achievements, routine progress or the library video's
     * uses (see comparisons/policy.ts). True otherwise, and for every comparison before the decision.
     */
    sameRoutine: boolean("same_routine").notNull().default(true),
    /**
     * The dancer's call: the engine had refused it as another routine, and its owner said it is
     * this routine ("analyse it anyway"), paying its credit again. Analysed again as the routine,
     * it then counts like any result; the admin counts these calls to find wrong refusals.
     */
    dancerCall: boolean("dancer_call").notNull().default(false),
    /**
     * The user's video is the reference's own recording (itself, a copy, its mirror image: see
     * comparisons/same-performance.ts): shown, but earning no achievement or leaderboard place.
     * False when checked and not; null until completed, and for results stored before the check.
     */
    samePerformance: boolean("same_performance"),
    /**
     * Which poses the result was computed from: "browser" (a dance-along take's live poses, checked
     * against frames estimated again here) or "server" (its own analysis); null until completed, and
     * for results stored before it was recorded.
     */
    poseSource: text("pose_source", { enum: POSE_SOURCES }),
    /**
     * A dance-along take sent with its live poses: what became of them (TAKE_TRACK_USES), written when
     * the analysis decides, before it runs in full, so a page waiting on it can say why; null without one.
     */
    takeTrack: text("take_track", { enum: TAKE_TRACK_USES }),
    error: text("error"),
    /** Analysis attempts started; an interrupted job is retried a bounded number of times. */
    attempts: integer("attempts").notNull().default(0),
    /** When the running attempt's analysis started (null while queued): with `progress`, the time left. */
    analysisStartedAt: timestamp("analysis_started_at", { withTimezone: true, mode: "date" }),
    /** Last sign of life of the job running on it (jobs/heartbeat.ts); null while queued. A stale one means the job died. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("comparisons_user_idx").on(t.userId, t.createdAt),
    index("comparisons_status_idx").on(t.status),
    check("comparisons_pose_source_valid", sql`${t.poseSource} in ('browser', 'server')`),
    check("comparisons_take_track_valid", sql`${t.takeTrack} in ('used', 'sparse', 'unused')`),
  ],
);

export const userAchievements = pgTable(
  "user_achievements",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    achievementId: text("achievement_id").notNull(),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_achievements_unique").on(t.userId, t.achievementId)],
);

export const clientLogs = pgTable(
  "client_logs",
  {
    id: serial("id").primaryKey(),
    level: text("level").notNull(),
    message: text("message").notNull(),
    component: text("component"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    sessionId: text("session_id"),
    userAgent: text("user_agent"),
    url: text("url"),
    clientTimestamp: text("client_timestamp"),
    createdAt: createdAt(),
  },
  (t) => [index("client_logs_created_idx").on(t.createdAt)],
);

/** A one-time credit pack sold for rupees. Seeded at start (payments/bundles.ts); admins edit them. */
export const creditBundles = pgTable(
  "credit_bundles",
  {
    id: serial("id").primaryKey(),
    /** Stable key of a seeded bundle (starter, popular, pro, master); null for ones admins add. */
    slug: text("slug"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    creditsAmount: integer("credits_amount").notNull(),
    /** Money as integer paise (1/100 rupee). */
    pricePaise: integer("price_paise").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    isPopular: boolean("is_popular").notNull().default(false),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credit_bundles_slug_unique").on(t.slug),
    check("credit_bundles_credits_positive", sql`${t.creditsAmount} > 0`),
    check("credit_bundles_price_positive", sql`${t.pricePaise} > 0`),
  ],
);

/** Payment-provider webhook events already handled; the unique event id makes repeats harmless. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull().default("razorpay"),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    orderId: text("order_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_events_event_unique").on(t.provider, t.eventId)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["like", "comment", "follow", "system", "achievement"] }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** The app path of what the notification is about (a profile, a video, the friends page); null when none. */
    link: text("link"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    check("notifications_type_valid", sql`${t.type} in ('like', 'comment', 'follow', 'system', 'achievement')`),
  ],
);

/** "Notify me" sign-ups for features not released yet; one row per address and feature. */
export const emailSubscriptions = pgTable(
  "email_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    featureName: text("feature_name").notNull(),
    sourcePage: text("source_page"),
    subscriptionStatus: text("subscription_status", { enum: ["active", "unsubscribed"] })
      .notNull()
      .default("active"),
    /** Random token of the subscription's unsubscribe link; replaced once used, so a link works once. */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_subscriptions_email_feature_unique").on(sql`lower(${t.email})`, t.featureName),
    uniqueIndex("email_subscriptions_token_unique").on(t.unsubscribeToken),
  ],
);

/**
 * API traffic per clock hour (UTC), collected by metrics/traffic.ts: counted in memory and added to
 * the hour's row every few seconds and at shutdown, so the figures survive restarts.
 */
export const trafficHourly = pgTable("traffic_hourly", {
  hour: timestamp("hour", { withTimezone: true, mode: "date" }).primaryKey(),
  requests: integer("requests").notNull().default(0),
  /** Answers with status 500 or above. */
  errors: integer("errors").notNull().default(0),
  videoUploads: integer("video_uploads").notNull().default(0),
  userLogins: integer("user_logins").notNull().default(0),
  /** Sum of response times, ms (average = this / requests). */
  durationMsTotal: doublePrecision("duration_ms_total").notNull().default(0),
});

/**
 * "Drill this move": one move of a library routine practised in a loop with live verdicts
 * (nothing uploaded), one row per drill: the passes danced at each speed, the best run of Great-or-
 * better passes at each, and whether it was mastered (contracts drills.ts). The routine's progress
 * sums them per move (modules/progress).
 */
export const moveDrills = pgTable(
  "move_drills",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referenceVideoId: integer("reference_video_id")
      .notNull()
      .references(() => referenceVideos.id, { onDelete: "cascade" }),
    /** The move, seconds in the reference. */
    startS: real("start_s").notNull(),
    endS: real("end_s").notNull(),
    countLabel: text("count_label").notNull(),
    passesHalf: integer("passes_half").notNull(),
    passesFull: integer("passes_full").notNull(),
    bestStreakHalf: integer("best_streak_half").notNull(),
    bestStreakFull: integer("best_streak_full").notNull(),
    mastered: boolean("mastered").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("move_drills_user_video_idx").on(t.userId, t.referenceVideoId),
    check("move_drills_span", sql`${t.endS} > ${t.startS} and ${t.startS} >= 0`),
  ],
);

/**
 * Events counted per key within a window, shared by every process (db/window-counter.ts): wrong
 * passwords per account, notes mailed to an address someone tried to sign up with. A window older
 * than its length starts again at the next event; rows of past windows are purged hourly.
 */
export const windowCounters = pgTable("window_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * Uploads being received right now, one row each (modules/videos/in-flight.ts), so every web process
 * counts an account's and an address's uploads alike. The process receiving it renews `expires_at`
 * while bytes arrive and deletes the row at the end; a row whose process died expires.
 */
export const uploadSlots = pgTable(
  "upload_slots",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("upload_slots_user_idx").on(t.userId), index("upload_slots_ip_idx").on(t.ip)],
);

/** A named part of a group's routine: a run of its moves, numbered from 1 as the dancers see them. */
export type GroupPartRange = { name: string; first_move: number; last_move: number };

/**
 * A group (modules/groups): one routine learnt together for an event (a sangeet), run by its
 * organiser. `invite_code` is the secret of its invite link; null once the organiser ended it.
 * The routine is a library video (public and approved, or one uploaded for the group only);
 * `parts` split it into named runs of moves (empty: one part, the whole routine).
 */
export const groups = pgTable(
  "groups",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    eventDate: date("event_date", { mode: "string" }),
    organiserId: integer("organiser_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referenceVideoId: integer("reference_video_id").references(() => referenceVideos.id, { onDelete: "set null" }),
    inviteCode: text("invite_code"),
    parts: jsonb("parts").$type<GroupPartRange[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("groups_invite_code_unique").on(t.inviteCode),
    index("groups_organiser_idx").on(t.organiserId),
    index("groups_reference_video_idx").on(t.referenceVideoId),
  ],
);

/**
 * Who is in a group: its organiser (role "organiser", written with the group) and the members who
 * joined by its link. Leaving deletes the row; the organiser removing a member keeps it with
 * `removed_at`, so the link does not let them back in.
 */
export const groupMembers = pgTable(
  "group_members",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["organiser", "member"] }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("group_members_unique").on(t.groupId, t.userId),
    index("group_members_user_idx").on(t.userId),
    check("group_members_role_valid", sql`${t.role} in ('organiser', 'member')`),
  ],
);

/** An invitation mailed to an address (the group's link in it); counted for the mail caps. */
export const groupInvitations = pgTable(
  "group_invitations",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    invitedBy: integer("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("group_invitations_sender_idx").on(t.invitedBy, t.createdAt),
    index("group_invitations_email_idx").on(sql`lower(${t.email})`, t.createdAt),
  ],
);

/** A reminder the organiser sent a member (a notification, and a mail when they take them): the weekly cap counts these. */
export const groupReminders = pgTable(
  "group_reminders",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("group_reminders_member_idx").on(t.groupId, t.userId, t.createdAt)],
);

/**
 * Credits an organiser gave a member (modules/groups): the two ledger rows are the credits area's,
 * written in the same transaction as this row. `idempotency_key` (the client's, per giver) makes a
 * retried request one transfer. Kept, anonymised, when an account or the group is deleted.
 */
export const groupCreditTransfers = pgTable(
  "group_credit_transfers",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id").references(() => groups.id, { onDelete: "set null" }),
    fromUserId: integer("from_user_id").references(() => users.id, { onDelete: "set null" }),
    toUserId: integer("to_user_id").references(() => users.id, { onDelete: "set null" }),
    credits: integer("credits").notNull(),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("group_credit_transfers_key_unique").on(t.fromUserId, t.idempotencyKey),
    check("group_credit_transfers_positive", sql`${t.credits} > 0`),
  ],
);

/**
 * A rehearsal (modules/rehearsals): a group's rehearsal filmed on one phone, every dancer found and
 * compared with the reference (a library video or a group's routine). The video is the rehearsal's
 * own file (`video_key`), not an upload of `videos`: it is never a comparison's input. Its credits:
 * one held at the start, then one per dancer found (`credits_charged` says how many it holds, what a
 * failure gives back). Moves only forward: processing → completed or failed, each move conditional.
 */
export const rehearsals = pgTable(
  "rehearsals",
  {
    id: serial("id").primaryKey(),
    /** Who uploaded it (and paid for it). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The group it was filmed for (its members see it, its organiser names the dancers); null for none or once deleted. */
    groupId: integer("group_id").references(() => groups.id, { onDelete: "set null" }),
    referenceVideoId: integer("reference_video_id").references(() => referenceVideos.id, { onDelete: "set null" }),
    /** The reference's title when it started (kept when the video goes). */
    referenceTitle: text("reference_title").notNull(),
    activityType: text("activity_type").notNull(),
    videoKey: text("video_key").notNull(),
    originalName: text("original_name"),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    durationS: real("duration_s"),
    width: integer("width"),
    height: integer("height"),
    /** A frame of the video, made when the analysis completes; null before or when none could be made. */
    thumbnailKey: text("thumbnail_key"),
    status: text("status", { enum: ["processing", "completed", "failed"] })
      .notNull()
      .default("processing"),
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    creditsCharged: integer("credits_charged").notNull().default(0),
    dancerCount: integer("dancer_count"),
    syncScore: real("sync_score"),
    /** The group's sync (the engine's GroupSync), the people followed, the video as analysed; null until completed. */
    result: jsonb("result"),
    attempts: integer("attempts").notNull().default(0),
    analysisStartedAt: timestamp("analysis_started_at", { withTimezone: true, mode: "date" }),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("rehearsals_user_idx").on(t.userId, t.createdAt),
    index("rehearsals_group_idx").on(t.groupId, t.createdAt),
    index("rehearsals_status_idx").on(t.status),
    uniqueIndex("rehearsals_video_key_unique").on(t.videoKey),
    check("rehearsals_credits_charged_valid", sql`${t.creditsCharged} >= 0`),
  ],
);

/**
 * One dancer of a completed rehearsal, 1…n from left to right, with their whole result. The
 * organiser names them as a member (`user_id`, once per rehearsal): that makes the member a
 * comparison of their own (`comparison_id`), in their history and on the group's board.
 */
export const rehearsalDancers = pgTable(
  "rehearsal_dancers",
  {
    id: serial("id").primaryKey(),
    rehearsalId: integer("rehearsal_id")
      .notNull()
      .references(() => rehearsals.id, { onDelete: "cascade" }),
    dancerId: integer("dancer_id").notNull(),
    x: real("x").notNull(),
    seenShare: real("seen_share").notNull(),
    /** Null when the engine found them dancing another routine. */
    overallScore: real("overall_score"),
    shapeScore: real("shape_score"),
    timingScore: real("timing_score"),
    decision: text("decision").notNull(),
    offsetS: real("offset_s"),
    /** [t, x0, y0, x1, y1] per analysed frame they were seen in. */
    boxes: jsonb("boxes").$type<Array<[number, number, number, number, number]>>().notNull(),
    /** The engine's whole single-dancer ComparisonResult. */
    result: jsonb("result").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    comparisonId: integer("comparison_id").references(() => comparisons.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("rehearsal_dancers_unique").on(t.rehearsalId, t.dancerId),
    uniqueIndex("rehearsal_dancers_member_unique").on(t.rehearsalId, t.userId),
    index("rehearsal_dancers_comparison_idx").on(t.comparisonId),
  ],
);
