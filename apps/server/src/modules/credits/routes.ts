import type { FastifyInstance } from "fastify";
import { balanceResponse, transactionsResponse, type CreditTransaction } from "@stepsync/contracts";
import { responds } from "../../http/responds.ts";
import { currentUser, guard } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import { creditHistory } from "./service.ts";

/** The balance and its ledger. Buying credits is the payments area's (payments/routes.ts). */
export function creditRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get("/api/credits/balance", { preHandler: guard(), ...responds(balanceResponse) }, async (request) => {
    return { credits: currentUser(request).user.credits };
  });

  app.get("/api/credits/transactions", { preHandler: guard(), ...responds(transactionsResponse) }, async (request) => {
    const rows = await creditHistory(db, currentUser(request).user.id);
    const transactions: CreditTransaction[] = rows.map((r) => ({
      id: r.id,
      transaction_type: r.transactionType,
      amount: r.amount,
      description: r.description,
      created_at: r.createdAt.toISOString(),
    }));
    return { transactions };
  });
}
