import { LIBRARY_MESSAGES, type PublicProfile, SOCIAL_MESSAGES } from "@stepsync/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, BadgeCheck, UserCheck, UserPlus, UserX } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { followUser, sendFriendRequest, useFollows, usePublicProfile } from "../../api/library";
import { errorMessage } from "../../api/client";
import { displayName, useAuth } from "../../auth/context";
import { Avatar } from "../../components/Avatar";
import { Button, ButtonLink } from "../../components/Button";
import { Card } from "../../components/Card";
import { EmptyState } from "../../components/EmptyState";
import { Page } from "../../components/Page";
import { PageSpinner, Spinner } from "../../components/Spinner";
import { StatTile } from "../../components/StatTile";
import { TabPanel, Tabs, useTabIds } from "../../components/Tabs";
import { formatHandle } from "../../lib/format";
import { shortCount } from "../../lib/library";
import { toast } from "../../lib/toast";
import { useVideoActions } from "../../components/useVideoActions";
import { keys } from "../../api/keys";
import { fromLocation } from "../../components/guards";
import { SocialLinkList, VerifiedMark } from "../../components/SocialLinks";
import { ProfileVideos } from "./ProfileVideos";

type Tab = "videos" | "followers" | "following";

/**
 * Another user's public profile: header, counts, follow, and Videos / Followers / Following.
 * Visitors see it all (see the route map in routes.tsx); following or befriending sends them to /login and back here.
 */
export default function UserProfilePage() {
  const { userId = "" } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const toLogin = () => navigate("/login", { state: fromLocation(location) });
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>("videos");
  const ids = useTabIds();
  const key = keys.social.profile(userId);
  const query = usePublicProfile(userId);
  const actions = useVideoActions([key]);

  if (query.isPending) return <PageSpinner text="Loading profile" />;
  if (query.isError || !query.data) {
    return (
      <Page title={SOCIAL_MESSAGES.profileNotFoundTitle} width="narrow">
        <div className="flex flex-col items-center gap-4 rounded-3xl border border-dashed border-white/12 bg-white/[0.02] px-6 py-12 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-500/10 text-accent-300">
            <UserX className="size-7" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold text-white">{SOCIAL_MESSAGES.profileNotFoundTitle}</h1>
          <p className="max-w-md text-sm text-slate-400">{SOCIAL_MESSAGES.profileNotFoundBody}</p>
          <ButtonLink to="/library" icon={<ArrowLeft className="size-4" aria-hidden />}>
            Back to Library
          </ButtonLink>
        </div>
      </Page>
    );
  }
  const profile = query.data.profile;
  const own = profile.is_own || user?.id === profile.id;

  function toggleFollow() {
    if (!user) return toLogin();
    const following = !profile.is_following;
    client.setQueryData<{ profile: PublicProfile }>(key, (old) =>
      old
        ? {
            profile: {
              ...old.profile,
              is_following: following,
              followers_count: Math.max(0, old.profile.followers_count + (following ? 1 : -1)),
              recent_videos: old.profile.recent_videos.map((v) => ({ ...v, is_following: following })),
            },
          }
        : old,
    );
    followUser(profile.id, following)
      .then(() => client.invalidateQueries({ queryKey: keys.social.follows(userId, "followers") }))
      .catch(() => {});
  }

  function addFriend() {
    if (!user) return toLogin();
    sendFriendRequest(profile.id)
      .then(() => {
        toast.success(SOCIAL_MESSAGES.friendRequestSent);
        void client.invalidateQueries({ queryKey: key });
      })
      .catch((e) => toast.error(errorMessage(e, SOCIAL_MESSAGES.friendRequestFailed)));
  }

  return (
    <Page title={displayName(profile)}>
      <Card className="mb-6 flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar src={profile.profile_image} name={displayName(profile)} className="size-20 text-2xl" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-white">
            <span className="truncate">{displayName(profile)}</span>
            {profile.verified ? <VerifiedMark /> : null}
          </h1>
          <p className="truncate text-sm text-slate-400">{formatHandle(profile.username)}</p>
          {profile.bio ? <p className="max-w-2xl text-sm text-slate-400">{profile.bio}</p> : null}
          <SocialLinkList links={profile.social_links ?? {}} className="pt-1" />
        </div>
        {!own ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant={profile.is_following ? "secondary" : "primary"}
              icon={
                profile.is_following ? (
                  <UserCheck className="size-4" aria-hidden />
                ) : (
                  <UserPlus className="size-4" aria-hidden />
                )
              }
              onClick={toggleFollow}
              aria-pressed={profile.is_following}
            >
              {profile.is_following ? "Following" : "Follow"}
            </Button>
            {profile.friend_status === "none" ? (
              <Button variant="secondary" onClick={addFriend}>
                Add friend
              </Button>
            ) : (
              <span className="self-center text-sm text-slate-400">
                {profile.friend_status === "friends" ? (
                  "Friends"
                ) : profile.friend_status === "pending_sent" ? (
                  "Request sent"
                ) : (
                  <Link to="/friends" className="text-accent-300 hover:underline">
                    Answer friend request
                  </Link>
                )}
              </span>
            )}
          </div>
        ) : (
          <ButtonLink to="/profile" variant="secondary">
            Edit profile
          </ButtonLink>
        )}
      </Card>
      <div className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatTile label="Videos" value={shortCount(profile.videos_count)} />
        <StatTile label="Total views" value={shortCount(profile.total_views)} />
        <StatTile label="Followers" value={shortCount(profile.followers_count)} />
        <StatTile label="Following" value={shortCount(profile.following_count)} />
      </div>
      <Tabs
        label="Profile sections"
        ids={ids}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: "videos", label: "Videos" },
          { id: "followers", label: "Followers" },
          { id: "following", label: "Following" },
        ]}
      />
      {tab === "videos" ? (
        <TabPanel ids={ids} id="videos" className="mt-4">
          <ProfileVideos userId={userId} profile={profile} viewerId={user?.id} actions={actions} />
        </TabPanel>
      ) : (
        <TabPanel ids={ids} id={tab} className="mt-4">
          <FollowList key={tab} userId={userId} which={tab} />
        </TabPanel>
      )}
    </Page>
  );
}

function FollowList({ userId, which }: { userId: string; which: "followers" | "following" }) {
  const query = useFollows(userId, which);
  if (query.isPending)
    return (
      <div className="flex justify-center py-8 text-slate-400">
        <Spinner label="Loading" />
      </div>
    );
  const list = query.data ?? [];
  if (list.length === 0)
    return <EmptyState>{which === "followers" ? "No followers yet." : "Not following anyone yet."}</EmptyState>;
  return (
    <ul className="divide-y divide-white/6 rounded-3xl border border-white/10 bg-white/[0.03] px-4">
      {list.map((f) => (
        <li key={f.id} className="flex items-center gap-3 py-3">
          <Avatar src={f.profile_image} name={f.username} className="size-10 text-sm ring-2" />
          <Link to={`/profile/${f.id}`} className="min-w-0 flex-1 truncate font-medium text-white hover:underline">
            {f.username}
          </Link>
          {f.verified ? <BadgeCheck className="size-4 text-sky-300" aria-label={LIBRARY_MESSAGES.verified} /> : null}
        </li>
      ))}
    </ul>
  );
}
