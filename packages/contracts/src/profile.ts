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

// Social links: a map of name to URL ---------------------------------------

/**
 * The links a profile may carry, in the order the profile shows them. Each platform's link must be on
 * that platform (a "YouTube" link to anywhere else would mislead visitors); Website may be any site.
 */
export const SOCIAL_LINKS = [
  { name: "instagram", label: "Instagram", hosts: ["instagram.com"], example: "https://instagram.com/yourname" },
  { name: "youtube", label: "YouTube", hosts: ["youtube.com", "youtu.be"], example: "https://youtube.com/@yourname" },
  { name: "tiktok", label: "TikTok", hosts: ["tiktok.com"], example: "https://tiktok.com/@yourname" },
  { name: "website", label: "Website", hosts: [], example: "https://yourname.com" },
] as const;
export type SocialLinkName = (typeof SOCIAL_LINKS)[number]["name"];
/** Name → https URL, only the names of SOCIAL_LINKS (the jsonb column `users.social_links`). */
export type SocialLinks = Record<string, string>;
export const SOCIAL_LINK_MAX = 500;

export const SOCIAL_LINK_MESSAGES = {
  notHttps: (label: string) => `${label} link must be a full address starting with https://`,
  wrongSite: (label: string, hosts: readonly string[]) => `${label} link must be on ${hosts.join(" or ")}`,
  tooLong: (label: string) => `${label} link must be at most ${SOCIAL_LINK_MAX} characters`,
  unknown: "Only Instagram, YouTube, TikTok and Website links can be added",
} as const;

/** Whether `host` is `domain` or one of its subdomains (www.instagram.com, m.youtube.com). */
const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Why `value` is not an acceptable link of this kind, or null when it is. */
export function socialLinkProblem(link: (typeof SOCIAL_LINKS)[number], value: string): string | null {
  if (value.length > SOCIAL_LINK_MAX) return SOCIAL_LINK_MESSAGES.tooLong(link.label);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return SOCIAL_LINK_MESSAGES.notHttps(link.label);
  }
  // https only: a visitor's browser opens it in a new tab, and http or javascript: links are not ours to pass on.
  if (url.protocol !== "https:" || !url.hostname.includes(".") || url.username || url.password)
    return SOCIAL_LINK_MESSAGES.notHttps(link.label);
  const host = url.hostname.toLowerCase();
  if (link.hosts.length > 0 && !link.hosts.some((d) => onDomain(host, d)))
    return SOCIAL_LINK_MESSAGES.wrongSite(link.label, link.hosts);
  return null;
}

/** One link field: blank means "no link". */
const socialLinkField = (link: (typeof SOCIAL_LINKS)[number]) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .superRefine((v, ctx) => {
      const problem = v === null ? null : socialLinkProblem(link, v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** The social links of the profile form; the saved map holds only the links given. */
export const socialLinksInput = z
  .strictObject(
    Object.fromEntries(SOCIAL_LINKS.map((l) => [l.name, socialLinkField(l)])) as Record<
      SocialLinkName,
      ReturnType<typeof socialLinkField>
    >,
    { error: SOCIAL_LINK_MESSAGES.unknown },
  )
  .transform((links): SocialLinks => {
    const out: SocialLinks = {};
    for (const { name } of SOCIAL_LINKS) {
      const url = links[name];
      if (url) out[name] = url;
    }
    return out;
  });

/**
 * The links of a stored map that are still acceptable, in display order with their labels: what a
 * profile shows (a row written before these rules, or by hand, never becomes a link).
 */
export function displayableSocialLinks(links: Record<string, string> | null | undefined) {
  return SOCIAL_LINKS.flatMap((link) => {
    const url = links?.[link.name];
    return url && socialLinkProblem(link, url) === null ? [{ name: link.name, label: link.label, url }] : [];
  });
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
  /** Replaces all the links when given (blank fields remove theirs); left out, the links stay. */
  social_links: socialLinksInput.optional(),
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

export const profileSchema = userSchema.extend({
  credits: z.number().int(),
  stats: profileStats,
  /** Set by an admin (User Management); shown as the Verified mark. */
  verified: z.boolean(),
  social_links: z.record(z.string(), z.string()),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponse = z.object({ profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponse>;
/** PUT /api/profile: the saved profile and what happened (e-mail changes wait for confirmation). */
export const updateProfileResponse = z.object({ profile: profileSchema, message: z.string() });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;
