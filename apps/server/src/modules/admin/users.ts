import type { FastifyInstance } from "fastify";
import {
  ADMIN_MESSAGES,
  type AdminUser,
  adminCreditGrantBody,
  adminCreditGrantResponse,
  adminRoleBody,
  adminRoleResponse,
  adminUsersQuery,
  adminUsersResponse,
  adminVerifiedBody,
  adminVerifiedResponse,
  messageResponse,
} from "@stepsync/contracts";
import { currentUser } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import { parse } from "../../http/errors.ts";
import { pagination } from "../../http/paging.ts";
import { toCsv } from "./csv.ts";
import { idParam } from "./params.ts";
import { adminAnswers, adminOnly } from "./route-options.ts";
import type { UserRow } from "./repository.ts";
import { allUsers, changeRole, deleteUserAsAdmin, grantCredits, setVerified, userPage } from "./service.ts";

const toAdminUser = (
  u: Pick<UserRow, "id" | "username" | "email" | "role" | "verified" | "credits" | "createdAt">,
): AdminUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  verified: u.verified,
  credits: u.credits,
  created_at: u.createdAt.toISOString(),
});

export function adminUserRoutes(app: FastifyInstance, { db, storage }: AppContext): void {
  app.get("/api/admin/users", adminAnswers(adminUsersResponse), async (request) => {
    const q = parse(adminUsersQuery, request.query);
    const { rows, total } = await userPage(db, { role: q.role, search: q.search }, q.page, q.limit);
    return { users: rows.map(toAdminUser), pagination: pagination(q.page, q.limit, total) };
  });

  /** Changes a role; never one's own, never the last admin's (see changeRole). */
  app.put("/api/admin/users/:id/role", adminAnswers(adminRoleResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    const { role } = parse(adminRoleBody, request.body);
    const updated = await changeRole(db, currentUser(request).user.id, id, role);
    return { message: ADMIN_MESSAGES.roleUpdated, user: toAdminUser(updated) };
  });

  /** Gives or takes the Verified mark (library cards, profiles and the library's Verified filter). */
  app.put("/api/admin/users/:id/verified", adminAnswers(adminVerifiedResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    const { verified } = parse(adminVerifiedBody, request.body);
    const updated = await setVerified(db, id, verified);
    return {
      message: verified
        ? ADMIN_MESSAGES.userVerified(updated.username)
        : ADMIN_MESSAGES.userUnverified(updated.username),
      user: toAdminUser(updated),
    };
  });

  /** Gives or takes back credits with a reason, exactly once per idempotency_key (see grantCredits). */
  app.post("/api/admin/users/:id/credits", adminAnswers(adminCreditGrantResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    const grant = parse(adminCreditGrantBody, request.body);
    const adminId = currentUser(request).user.id;
    const { user, granted } = await grantCredits(db, adminId, id, grant);
    // The audit trail beside the grant's own row: who changed whose balance, by how much, and why.
    request.log.info(
      { audit: "admin_credit_grant", adminId, userId: id, amount: grant.amount, reason: grant.reason, granted },
      granted ? "an admin changed a user's credits" : "an admin's credit grant repeated: nothing changed",
    );
    return {
      message: ADMIN_MESSAGES.creditsGranted(grant.amount, user.username, user.credits),
      user: toAdminUser(user),
    };
  });

  app.delete("/api/admin/users/:id", adminAnswers(messageResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    const target = await deleteUserAsAdmin({ db, storage }, currentUser(request).user.id, id);
    return { message: ADMIN_MESSAGES.userDeleted(target.username) };
  });

  app.get("/api/admin/export/users", adminOnly, async (_request, reply) => {
    const rows = await allUsers(db);
    const csv = toCsv(
      ["ID", "Username", "Email", "Full Name", "Role", "Credits", "Verified", "Created At"],
      rows.map((u) => [u.id, u.username, u.email, u.fullName, u.role, u.credits, u.verified, u.createdAt]),
    );
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="users_export.csv"')
      .header("cache-control", "no-store")
      .send(csv);
  });
}
