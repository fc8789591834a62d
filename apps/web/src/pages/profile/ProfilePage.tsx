import { LIMITS, MESSAGES, type Profile } from "@stepsync/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight, ChartColumn, Coins, LayoutGrid, Receipt, RotateCcw, Target, Trophy } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { isApiError } from "../../api/client";
import { updateProfile, useProfile } from "../../api/profile";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Page } from "../../components/Page";
import { PageSpinner } from "../../components/Spinner";
import { StatTile } from "../../components/StatTile";
import { TabPanel, Tabs, useTabIds } from "../../components/Tabs";
import { TEXTS } from "../../constants/texts";
import { formatPercent, scoreTextClass } from "../../lib/format";
import { EditProfileForm, type ProfileFormValues } from "./EditProfileForm";
import { ProfileHeader } from "./ProfileHeader";
import { AchievementsTab, CreditsTab, OverviewTab, StatisticsTab, TransactionsTab } from "./ProfileTabPanels";
import { keys } from "../../api/keys";

const TABS = [
  { id: "overview", label: "Overview", icon: <LayoutGrid className="size-4" aria-hidden /> },
  { id: "statistics", label: "Statistics", icon: <ChartColumn className="size-4" aria-hidden /> },
  { id: "achievements", label: "Achievements", icon: <Trophy className="size-4" aria-hidden /> },
  { id: "credits", label: "Credits", icon: <Coins className="size-4" aria-hidden /> },
  { id: "transactions", label: "Transactions", icon: <Receipt className="size-4" aria-hidden /> },
] as const;
type TabId = (typeof TABS)[number]["id"];

function isTab(value: string | null): value is TabId {
  return TABS.some((t) => t.id === value);
}

export default function ProfilePage() {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: TabId = isTab(tabParam) ? tabParam : "overview";
  const ids = useTabIds();
  const [editing, setEditing] = useState(false);
  const [savedMessage, setSavedMessage] = useState<{ text: string; keep: boolean } | null>(null);

  const profileQuery = useProfile();

  // 'Profile updated successfully!' shows for 3 seconds.
  useEffect(() => {
    if (!savedMessage || savedMessage.keep) return;
    const timer = setTimeout(() => setSavedMessage(null), LIMITS.profileMessageMs);
    return () => clearTimeout(timer);
  }, [savedMessage]);

  function selectTab(id: TabId) {
    const next = new URLSearchParams(params);
    if (id === "overview") next.delete("tab");
    else next.set("tab", id);
    setParams(next, { replace: true });
  }

  async function save(values: ProfileFormValues) {
    const res = await updateProfile(values);
    const current = queryClient.getQueryData<Profile>(keys.profile());
    const merged: Profile = { ...(current ?? res.profile), ...res.profile };
    queryClient.setQueryData(keys.profile(), merged);
    setUser({
      id: merged.id,
      username: merged.username,
      email: merged.email,
      full_name: merged.full_name,
      bio: merged.bio,
      profile_image: merged.profile_image,
      role: merged.role,
      created_at: merged.created_at,
      email_verified: merged.email_verified,
      pending_email: merged.pending_email,
      has_password: merged.has_password,
    });
    setEditing(false);
    // 'Profile updated successfully!' fades; any other word from the server (a new e-mail waiting
    // for its link) stays until the next edit.
    const text = res.message || MESSAGES.profileUpdated;
    setSavedMessage({ text, keep: text !== MESSAGES.profileUpdated });
  }

  if (profileQuery.isPending) {
    return (
      <Page title="Profile">
        <PageSpinner label="Loading profile" />
      </Page>
    );
  }

  if (profileQuery.isError) {
    if (isApiError(profileQuery.error, 401)) {
      return (
        <Navigate
          to="/login"
          replace
          state={{ from: { pathname: location.pathname, search: location.search, hash: "" } }}
        />
      );
    }
    return (
      <Page title="Profile" width="narrow">
        <Alert>
          <p className="font-semibold">{MESSAGES.profileLoadFailed}</p>
          <p className="mt-1 opacity-80">{profileQuery.error.message}</p>
        </Alert>
        <Button
          className="mt-6"
          variant="secondary"
          icon={<RotateCcw className="size-4" aria-hidden />}
          onClick={() => void profileQuery.refetch()}
        >
          Retry
        </Button>
      </Page>
    );
  }

  const profile = profileQuery.data;
  const overall = profile.stats.overall;

  return (
    <Page title="Profile">
      <div className="space-y-6">
        {savedMessage ? <Alert tone="success">{savedMessage.text}</Alert> : null}
        {editing ? (
          <EditProfileForm profile={profile} onCancel={() => setEditing(false)} onSave={save} />
        ) : (
          <ProfileHeader
            profile={profile}
            onEdit={() => {
              setSavedMessage(null);
              setEditing(true);
            }}
          />
        )}

        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatTile
            label="Credits"
            value={profile.credits}
            icon={<Coins className="size-4" aria-hidden />}
            footer={
              <Link
                to="/credits"
                className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-accent-300 hover:text-accent-200"
              >
                {TEXTS.buyMoreCredits} <ArrowRight className="size-3.5" aria-hidden />
              </Link>
            }
          />
          <StatTile
            label="Comparisons"
            value={overall.total_comparisons}
            icon={<ChartColumn className="size-4" aria-hidden />}
          />
          <StatTile
            label="Best Score"
            value={formatPercent(overall.best_score)}
            valueClassName={scoreTextClass(overall.best_score)}
            icon={<Trophy className="size-4" aria-hidden />}
          />
          <StatTile
            label="Avg Score"
            value={formatPercent(overall.overall_average)}
            valueClassName={scoreTextClass(overall.overall_average)}
            icon={<Target className="size-4" aria-hidden />}
          />
        </div>

        <div className="space-y-6 pt-2">
          <Tabs tabs={TABS} value={tab} onChange={selectTab} ids={ids} label="Profile sections" />
          <TabPanel id={tab} ids={ids} key={tab}>
            {tab === "overview" ? <OverviewTab /> : null}
            {tab === "statistics" ? <StatisticsTab /> : null}
            {tab === "achievements" ? <AchievementsTab /> : null}
            {tab === "credits" ? <CreditsTab profile={profile} /> : null}
            {tab === "transactions" ? <TransactionsTab /> : null}
          </TabPanel>
        </div>
      </div>
    </Page>
  );
}
