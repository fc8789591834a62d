import { z } from "zod";
import { EMAIL_PATTERN, userSchema } from "./auth.ts";
import { MESSAGES } from "./messages.ts";

/** Empty strings from the form mean "no value". */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const updateProfileRequest = z.object({
  username: z
    .string({ error: MESSAGES.usernameRequired })
    .trim()
    .min(1, MESSAGES.usernameRequired)
    .max(80, "Username must be at most 80 characters"),
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, MESSAGES.emailRequired)
    .regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
  full_name: optionalText(120, "Full name"),
  bio: optionalText(2000, "Bio"),
  profile_image: z
    .string()
    .trim()
    .max(2000, MESSAGES.profileImageUrl)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isHttpUrl(v), MESSAGES.profileImageUrl),
  /** Needed (for an account with a password) when `email` differs from the current address. */
  current_password: z.string().max(200).optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

export const profileStats = z.object({
  overall: z.object({
    total_comparisons: z.number(),
    best_score: z.number().nullable(),
    overall_average: z.number().nullable(),
  }),
});

export const profileSchema = userSchema.extend({ credits: z.number().int(), stats: profileStats });
export type Profile = z.infer<typeof profileSchema>;
export const profileResponse = z.object({ profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponse>;
/** PUT /api/profile: the saved profile and what happened (e-mail changes wait for confirmation). */
export const updateProfileResponse = z.object({ profile: profileSchema, message: z.string() });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;
