import { Clock, Mail, PartyPopper, Receipt } from "lucide-react";
import { Link } from "react-router";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";
import { SupportEmail } from "../../components/SupportEmail";

/** Contact: the support address from GET /api/config; support replies as soon as possible. */
export default function ContactPage() {
  usePageMeta("Contact Us", "Get in touch with StepSync support about credits, comparisons or a sangeet group setup.");
  return (
    <Page title="Contact Us" width="narrow">
      <PageHeader
        eyebrow="Support"
        title="Contact Us"
        description="Questions about credits, comparisons or a sangeet setup for your wedding? We're happy to help."
      />
      <div className="glass flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-300">
          <Mail className="size-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-slate-400">Email us at</p>
          <p className="break-all text-lg font-semibold text-white">
            <SupportEmail className="underline-offset-4 hover:underline" />
          </p>
        </div>
      </div>
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-300">
        <Clock className="size-4 text-accent-300" aria-hidden /> Our support team replies as soon as possible.
      </p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        <li className="glass p-5">
          <PartyPopper className="mb-3 size-6 text-accent-300" aria-hidden />
          <h2 className="font-semibold text-white">Sangeet and group setups</h2>
          <p className="mt-1 text-sm text-slate-400">
            <Link to="/groups/new" className="text-accent-300 underline underline-offset-4">
              Start your group
            </Link>{" "}
            in a minute, or tell us the date, the number of dancers and your choreographer's videos — we'll help you set
            it up.
          </p>
        </li>
        <li className="glass p-5">
          <Receipt className="mb-3 size-6 text-accent-300" aria-hidden />
          <h2 className="font-semibold text-white">Payments and refunds</h2>
          <p className="mt-1 text-sm text-slate-400">
            Include your order details. See the{" "}
            <Link to="/refund" className="text-accent-300 underline underline-offset-4">
              refund policy
            </Link>{" "}
            for the 6-8 day windows.
          </p>
        </li>
      </ul>
    </Page>
  );
}
