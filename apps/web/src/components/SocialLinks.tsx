import { displayableSocialLinks, LIBRARY_MESSAGES } from "@stepsync/contracts";
import { BadgeCheck, ExternalLink } from "lucide-react";
import { cx } from "./cx";

/**
 * A profile's social links (its `social_links`) as links that open in a new tab without
 * handing this page to the other site. Only links that pass the save rules show.
 */
export function SocialLinkList({ links, className }: { links: Record<string, string>; className?: string }) {
  const shown = displayableSocialLinks(links);
  if (shown.length === 0) return null;
  return (
    <ul className={cx("flex flex-wrap gap-x-4 gap-y-1 text-sm", className)} aria-label="Social links">
      {shown.map((link) => (
        <li key={link.name}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-accent-300 hover:text-accent-200 hover:underline"
          >
            {link.label} <ExternalLink className="size-3" aria-hidden />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The Verified mark of a contributor an admin has verified. */
export function VerifiedMark() {
  return (
    <span
      data-testid="verified-mark"
      className="inline-flex items-center gap-1 rounded-full bg-sky-500/15 px-2 py-0.5 text-xs font-medium text-sky-300"
    >
      <BadgeCheck className="size-3.5" aria-hidden /> {LIBRARY_MESSAGES.verified}
    </span>
  );
}
