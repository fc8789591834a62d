import { ADMIN_MESSAGES } from "@stepsync/contracts";
import { adminQueries, useAdminQuery } from "../../api/admin";
import { StatTile } from "../../components/StatTile";
import { Loading } from "./list-parts";
import { num } from "./figures";
import { useFlash } from "./flash";

/** Dashboard: users in total, new this month, and per role. */
export function DashboardTab() {
  const flash = useFlash();
  const q = useAdminQuery(flash, adminQueries.stats(), ADMIN_MESSAGES.loadStatsFailed);
  if (q.isPending) return <Loading />;
  return (
    <div className="space-y-4">
      {flash.view}
      {q.data ? (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <StatTile label="Total users" value={num(q.data.total_users)} />
          <StatTile label="New this month" value={num(q.data.new_users_this_month)} />
          <StatTile label="Users" value={num(q.data.role_stats.user)} />
          <StatTile label="Contributors" value={num(q.data.role_stats.contributor)} />
          <StatTile label="Admins" value={num(q.data.role_stats.admin)} />
        </div>
      ) : null}
    </div>
  );
}
