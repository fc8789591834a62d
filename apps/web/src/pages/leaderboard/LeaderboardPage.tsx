import { useAuth } from "../../auth/context";
import { LeaderboardTable } from "../../components/LeaderboardTable";
import { Page, PageHeader } from "../../components/Page";

/** The full leaderboard (linked from the dashboard and the community screen). */
export default function LeaderboardPage() {
  const { user } = useAuth();
  return (
    <Page title="Leaderboard" width="narrow">
      <PageHeader
        eyebrow="Community"
        title="Leaderboard"
        description="Average scores of completed comparisons; ties go to whoever practised more."
      />
      <LeaderboardTable viewerId={user?.id} />
    </Page>
  );
}
