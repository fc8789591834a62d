import { useState } from "react";
import { Page, PageHeader } from "../../components/Page";
import { Tabs, useTabIds } from "../../components/Tabs";
import { useAuth } from "../../auth/context";
import {
  BundlesTab,
  CommentsTab,
  DashboardTab,
  NotificationsTab,
  SystemTab,
  TrafficTab,
  UsersTab,
  VideosTab,
} from "./tabs";

const TABS = [
  { id: "traffic", label: "Traffic Metrics" },
  { id: "dashboard", label: "Dashboard" },
  { id: "users", label: "User Management" },
  { id: "videos", label: "Video Management" },
  { id: "comments", label: "Comment Management" },
  { id: "notifications", label: "Notifications" },
  { id: "bundles", label: "Credit Bundles" },
  { id: "system", label: "System Stats" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/** Admin panel (part 2 §2): eight tabs, Traffic Metrics first. The server refuses non-admins on every call. */
export default function AdminPage() {
  const [tab, setTab] = useState<TabId>("traffic");
  const ids = useTabIds();
  const { user } = useAuth();
  const { panel, tab: tabId } = ids(tab);
  return (
    <Page title="Admin Panel">
      <PageHeader eyebrow="Admin" title="Admin Panel" description="Traffic, people, content and credit bundles." />
      <div className="mt-6">
        <Tabs tabs={TABS} value={tab} onChange={setTab} ids={ids} label="Admin sections" />
      </div>
      <section id={panel} role="tabpanel" aria-labelledby={tabId} className="mt-6">
        {tab === "traffic" ? <TrafficTab /> : null}
        {tab === "dashboard" ? <DashboardTab /> : null}
        {tab === "users" ? <UsersTab currentUserId={user?.id} /> : null}
        {tab === "videos" ? <VideosTab /> : null}
        {tab === "comments" ? <CommentsTab /> : null}
        {tab === "notifications" ? <NotificationsTab /> : null}
        {tab === "bundles" ? <BundlesTab /> : null}
        {tab === "system" ? <SystemTab /> : null}
      </section>
    </Page>
  );
}
