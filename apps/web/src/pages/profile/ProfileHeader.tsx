import type { Profile } from "@stepsync/contracts";
import { CalendarDays, Clock, Mail, Pencil } from "lucide-react";
import { displayName } from "../../auth/context";
import { Avatar } from "../../components/Avatar";
import { Button } from "../../components/Button";
import { cx } from "../../components/cx";
import { TEXTS } from "../../constants/texts";
import { formatHandle, formatMonthYear } from "../../lib/format";
import { SocialLinkList, VerifiedMark } from "../../components/SocialLinks";

const ROLE_STYLES: Record<string, string> = {
  admin: "bg-red-500/15 text-red-300 ring-red-400/30",
  contributor: "bg-blue-500/15 text-blue-300 ring-blue-400/30",
  user: "bg-slate-500/15 text-slate-300 ring-slate-400/30",
};

export function RoleBadge({ role }: { role: string }) {
  return (
    <span
      data-role={role}
      className={cx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1",
        ROLE_STYLES[role] ?? ROLE_STYLES.user,
      )}
    >
      {role}
    </span>
  );
}

export function ProfileHeader({ profile, onEdit }: { profile: Profile; onEdit?: () => void }) {
  const name = displayName(profile);
  return (
    <section className="glass relative overflow-hidden p-6 sm:p-8" aria-label="Profile">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 h-24 bg-gradient-to-r from-accent-500/25 via-fuchsia-500/15 to-violet-500/25"
      />
      <div className="relative flex flex-col gap-6 sm:flex-row sm:items-end">
        <Avatar src={profile.profile_image} name={name} className="size-24 text-3xl sm:size-28" />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="truncate text-2xl font-bold tracking-tight text-white sm:text-3xl">{name}</h1>
            <RoleBadge role={profile.role} />
            {profile.verified ? <VerifiedMark /> : null}
          </div>
          <p className="flex flex-col gap-1 text-sm text-slate-400 sm:flex-row sm:items-center sm:gap-0">
            <span className="truncate">{formatHandle(profile.username)}</span>
            <span className="mx-2 hidden text-slate-600 sm:inline" aria-hidden>
              •
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-3.5" aria-hidden />
              Member since {formatMonthYear(profile.created_at)}
            </span>
          </p>
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-400">
            <Mail className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate" title={profile.email}>
              {profile.email}
            </span>
          </p>
          {profile.pending_email ? (
            <p className="flex min-w-0 items-start gap-1.5 text-sm text-amber-200">
              <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">Waiting for confirmation: {profile.pending_email}</span>
            </p>
          ) : null}
          {profile.bio ? (
            <p className="max-w-2xl whitespace-pre-line text-sm leading-relaxed text-slate-200">{profile.bio}</p>
          ) : (
            <p className="text-sm italic text-slate-500">No bio yet.</p>
          )}
          <SocialLinkList links={profile.social_links} className="pt-1" />
        </div>
        {onEdit ? (
          <Button
            variant="secondary"
            onClick={onEdit}
            icon={<Pencil className="size-4" aria-hidden />}
            className="self-start sm:self-end"
          >
            {TEXTS.editProfile}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
