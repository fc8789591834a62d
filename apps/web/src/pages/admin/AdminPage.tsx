import type { ReactNode } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { useAuth } from "../../auth/context";
import { Page, PageHeader } from "../../components/Page";
import { Tabs, useTabIds } from "../../components/Tabs";
import { BundlesTab } from "./BundlesTab";
import { CommentsTab } from "./CommentsTab";
import { DashboardTab } from "./DashboardTab";
import { NotificationsTab } from "./NotificationsTab";
import { SystemTab } from "./SystemTab";
import { TrafficTab } from "./TrafficTab";
import { UsersTab } from "./UsersTab";
import { VideosTab } from "./VideosTab";

/** The eight tabs in order; each id is its address (/admin/<id>), and /admin shows the first. */
const TABS = [
  { id: "traffic", label: "Traffic Metrics" },
  { id: "dashboard", label: "Dashboard" },
  { id: "users", label: "User Management" },
  { id: "content", label: "Video Management" },
  { id: "comments", label: "Comment Management" },
  { id: "notifications", label: "Notifications" },
  { id: "bundles", label: "Credit Bundles" },
  { id: "system", label: "System Stats" },
] as const;
type TabId = (typeof TABS)[number]["id"];

function isTab(value: string): value is TabId {
  return TABS.some((t) => t.id === value);
}

/** Admin panel: eight tabs, Traffic Metrics first. The server refuses non-admins on every call. */
export default function AdminPage() {
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const ids = useTabIds();
  const { user } = useAuth();
  if (param !== undefined && !isTab(param)) return <Navigate to="/admin" replace />;
  const tab: TabId = param ?? "traffic";
  const { panel, tab: tabId } = ids(tab);
  const panels: Record<TabId, ReactNode> = {
    traffic: <TrafficTab />,
    dashboard: <DashboardTab />,
    users: <UsersTab currentUserId={user?.id} />,
    content: <VideosTab />,
    comments: <CommentsTab />,
    notifications: <NotificationsTab />,
    bundles: <BundlesTab />,
    system: <SystemTab />,
  };
  return (
    <Page title="Admin Panel">
      <PageHeader eyebrow="Admin" title="Admin Panel" description="Traffic, people, content and credit bundles." />
      <div className="mt-6">
        {/* Each tab is its own history entry, so back and forward move between tabs. */}
        <Tabs
          tabs={TABS}
          value={tab}
          onChange={(next) => {
            if (next !== tab) navigate(`/admin/${next}`);
          }}
          ids={ids}
          label="Admin sections"
        />
      </div>
      <section id={panel} role="tabpanel" aria-labelledby={tabId} className="mt-6">
        {panels[tab]}
      </section>
    </Page>
  );
}
