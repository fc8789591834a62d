import { Trophy, Users } from "lucide-react";
import { useAuth } from "../../auth/context";
import { ButtonLink } from "../../components/Button";
import { LeaderboardTable } from "../../components/LeaderboardTable";
import { Page, PageHeader } from "../../components/Page";
import { ProgressChart } from "../../components/ProgressChart";

/** Community: the community's progress chart beside the leaderboard. */
export default function CommunityPage() {
  const { user } = useAuth();
  return (
    <Page title="Dance Community">
      <PageHeader
        eyebrow="Community"
        title="Dance Community"
        description="Track your progress, compete with friends and discover top dancers."
        actions={
          <>
            <ButtonLink to="/friends" variant="secondary" icon={<Users className="size-4" aria-hidden />}>
              Friends
            </ButtonLink>
            <ButtonLink to="/leaderboard" variant="secondary" icon={<Trophy className="size-4" aria-hidden />}>
              Full leaderboard
            </ButtonLink>
          </>
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <ProgressChart title="Progress" initialTimeframe="week" styleFilter scopeChoice />
        <LeaderboardTable limit={10} viewerId={user?.id} />
      </div>
    </Page>
  );
}
