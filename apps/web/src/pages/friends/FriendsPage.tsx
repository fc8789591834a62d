import type { FriendUser } from "@stepsync/contracts";
import { Check, Users, X } from "lucide-react";
import { Link } from "react-router";
import { useAnswerFriendRequest, useFriends } from "../../api/library";
import { Avatar } from "../../components/Avatar";
import { Button, ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { EmptyState } from "../../components/EmptyState";
import { Page, PageHeader } from "../../components/Page";
import { Spinner } from "../../components/Spinner";
import { toast } from "../../lib/toast";

function Person({ user, aside }: { user: FriendUser; aside?: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={user.profile_image} name={user.username} className="size-10 text-sm ring-2" />
      <Link to={`/profile/${user.id}`} className="min-w-0 flex-1 truncate font-medium text-white hover:underline">
        {user.username}
      </Link>
      {aside}
    </li>
  );
}

/** Friends and pending requests (accept / decline incoming ones). */
export default function FriendsPage() {
  const query = useFriends();
  const answer = useAnswerFriendRequest({
    onSuccess: (_, { accept }) => toast.success(accept ? "Friend request accepted" : "Friend request declined"),
    onError: (e) => toast.error(e.message || "Could not answer the request"),
  });
  const busy = answer.isPending ? answer.variables.requestId : null;

  const data = query.data;
  return (
    <Page title="Friends" width="narrow">
      <PageHeader
        eyebrow="Community"
        title="Friends"
        description="Your dance friends and the requests waiting for an answer."
      />
      {query.isPending ? (
        <div className="flex justify-center py-12 text-slate-400">
          <Spinner label="Loading friends" />
        </div>
      ) : query.isError || !data ? (
        <EmptyState
          title="Failed to load friends"
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : (
        <div className="space-y-6">
          {data.incoming.length > 0 ? (
            <Card>
              <CardTitle>Requests for you ({data.incoming.length})</CardTitle>
              <ul className="divide-y divide-white/6">
                {data.incoming.map((r) => (
                  <Person
                    key={r.request_id}
                    user={r.user}
                    aside={
                      <div className="flex gap-2">
                        <Button
                          size="sm"
                          disabled={busy === r.request_id}
                          icon={<Check className="size-4" aria-hidden />}
                          onClick={() => answer.mutate({ requestId: r.request_id, accept: true })}
                        >
                          Accept
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy === r.request_id}
                          icon={<X className="size-4" aria-hidden />}
                          onClick={() => answer.mutate({ requestId: r.request_id, accept: false })}
                        >
                          Decline
                        </Button>
                      </div>
                    }
                  />
                ))}
              </ul>
            </Card>
          ) : null}
          <Card>
            <CardTitle icon={<Users className="size-4" aria-hidden />}>Friends ({data.friends.length})</CardTitle>
            {data.friends.length === 0 ? (
              <EmptyState action={<ButtonLink to="/library">Find dancers in the library</ButtonLink>}>
                No friends yet. Send a request from a library video or a profile.
              </EmptyState>
            ) : (
              <ul className="divide-y divide-white/6">
                {data.friends.map((f) => (
                  <Person key={f.request_id} user={f} />
                ))}
              </ul>
            )}
          </Card>
          {data.outgoing.length > 0 ? (
            <Card>
              <CardTitle>Sent requests ({data.outgoing.length})</CardTitle>
              <ul className="divide-y divide-white/6">
                {data.outgoing.map((r) => (
                  <Person
                    key={r.request_id}
                    user={r.user}
                    aside={<span className="text-xs text-slate-400">Pending</span>}
                  />
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
      )}
    </Page>
  );
}
