import { GROUP_MESSAGES } from "@stepsync/contracts";
import { CalendarDays, PartyPopper, UsersRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { errorMessage, isApiError } from "../../api/client";
import { useInvite, useJoinGroup } from "../../api/groups";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { fromLocation } from "../../components/guards";
import { Page } from "../../components/Page";
import { rememberInvite } from "../../components/PendingInvite";
import { toast } from "../../lib/toast";
import { eventDateText } from "./group-rules";
import { Loading } from "./parts-ui";

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Page title="Join a group" width="narrow">
      <section className="glass mx-auto max-w-lg space-y-5 p-6 text-center sm:p-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-200">
          <PartyPopper className="size-7" aria-hidden />
        </span>
        {children}
      </section>
    </Page>
  );
}

/** Signed out: joining needs an account; the invite is remembered so signing up or in comes back here. */
function SignedOut({ code }: { code: string }) {
  const location = useLocation();
  useEffect(() => rememberInvite(code), [code]);
  return (
    <Frame>
      <h1 className="text-2xl font-bold text-white">You're invited to a sangeet group</h1>
      <p className="text-slate-300">
        Learn the routine at home and see how ready you are. Joining needs a free StepSync account: sign up or log in,
        and you come straight back here to join.
      </p>
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <ButtonLink to="/signup" state={fromLocation(location)} size="lg">
          Sign up to join
        </ButtonLink>
        <ButtonLink to="/login" state={fromLocation(location)} size="lg" variant="secondary">
          Log in
        </ButtonLink>
      </div>
    </Frame>
  );
}

function SignedIn({ code }: { code: string }) {
  const navigate = useNavigate();
  const invite = useInvite(code);
  const [error, setError] = useState<string | null>(null);
  const join = useJoinGroup({
    onSuccess: ({ group }) => {
      toast.success(GROUP_MESSAGES.joined(group.name));
      navigate(`/groups/${group.id}`, { replace: true });
    },
    onError: (e) => setError(errorMessage(e, "Could not join the group")),
  });
  if (invite.isPending) return <Loading label="Opening the invite" />;
  if (invite.isError)
    return (
      <Frame>
        <h1 className="text-2xl font-bold text-white">
          {isApiError(invite.error, 404) ? "Invite not valid" : "Could not open the invite"}
        </h1>
        <Alert>{errorMessage(invite.error, GROUP_MESSAGES.inviteNotFound)}</Alert>
        <p className="text-sm text-slate-400">Ask the group's organiser for a new link.</p>
        <ButtonLink to="/groups" variant="secondary">
          Your groups
        </ButtonLink>
      </Frame>
    );
  const { name, event_date, organiser_name, member_count, group_id } = invite.data.invite;
  const when = eventDateText(event_date);
  return (
    <Frame>
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent-300">{organiser_name} invites you</p>
      <h1 className="break-words text-2xl font-bold text-white" data-testid="invite-name">
        {name}
      </h1>
      <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-slate-300">
        {when ? (
          <li className="flex items-center gap-1.5">
            <CalendarDays className="size-4 text-accent-300" aria-hidden /> {when}
          </li>
        ) : null}
        <li className="flex items-center gap-1.5">
          <UsersRound className="size-4 text-accent-300" aria-hidden /> {member_count}{" "}
          {member_count === 1 ? "member" : "members"}
        </li>
      </ul>
      {group_id !== null ? (
        <>
          <Alert tone="info">You are already in this group.</Alert>
          <ButtonLink to={`/groups/${group_id}`} size="lg">
            Open the group
          </ButtonLink>
        </>
      ) : (
        <>
          <p className="text-slate-300">
            Members see the routine, each other's first names and their own progress; the organiser sees how everyone is
            doing.
          </p>
          {error ? <Alert>{error}</Alert> : null}
          <Button size="lg" loading={join.isPending} onClick={() => join.mutate(code)}>
            Join the group
          </Button>
        </>
      )}
    </Frame>
  );
}

/** An invite link (/groups/join/:code): what it joins and a Join button; signed out, sign up or log in first. */
export default function JoinGroupPage() {
  const code = useParams().code ?? "";
  const { status } = useAuth();
  return status === "authenticated" ? <SignedIn code={code} /> : <SignedOut code={code} />;
}
