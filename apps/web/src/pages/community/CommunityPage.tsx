import { ACTIVITY_LABELS, ACTIVITY_TYPES } from "@stepsync/contracts";
import { Trophy, Users } from "lucide-react";
import { useState } from "react";
import { useAuth } from "../../auth/context";
import { ButtonLink } from "../../components/Button";
import { LeaderboardTable } from "../../components/LeaderboardTable";
import { Page, PageHeader } from "../../components/Page";
import { ProgressChart } from "../../components/ProgressChart";
import { SelectField } from "../../components/SelectField";

/** Community (part 2 §2): the community's progress chart beside the leaderboard. */
export default function CommunityPage() {
  const { user } = useAuth();
  const [style, setStyle] = useState("");
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
        <div className="space-y-3">
          <SelectField
            label="Style"
            className="sm:w-52"
            value={style}
            onChange={(e) => setStyle(e.currentTarget.value)}
            options={[
              { value: "", label: "All styles" },
              ...ACTIVITY_TYPES.map((a) => ({ value: a, label: ACTIVITY_LABELS[a] })),
            ]}
          />
          <ProgressChart
            scope="community"
            title="Community progress"
            activityType={style || undefined}
            initialTimeframe="week"
          />
        </div>
        <LeaderboardTable limit={10} viewerId={user?.id} />
      </div>
    </Page>
  );
}
