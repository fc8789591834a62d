import { Link } from "react-router";
import { Logo } from "./Logo";

const GROUPS: Array<{ title: string; links: Array<{ to: string; label: string }> }> = [
  {
    title: "Product",
    links: [
      { to: "/features", label: "Features" },
      { to: "/pricing", label: "Pricing" },
      { to: "/demo", label: "Demo" },
      { to: "/onboarding", label: "Get started" },
      { to: "/signup", label: "Sign up" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Policies",
    links: [
      { to: "/refund", label: "Refund" },
      { to: "/shipping", label: "Shipping" },
      { to: "/terms", label: "Terms" },
      { to: "/privacy", label: "Privacy" },
      { to: "/cookies", label: "Cookies" },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-20 border-t border-white/8 bg-night-950/60">
      <div className="mx-auto grid max-w-7xl grid-cols-3 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="col-span-3 space-y-3 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-slate-400">
            AI movement coaching for dancers and fitness lovers. Compare, learn, improve.
          </p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title} className="space-y-3">
            <h2 className="text-xs font-semibold uppercase tracking-widest text-slate-400">{group.title}</h2>
            <ul className="space-y-2">
              {group.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-slate-300 transition hover:text-white">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/5 py-5 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} StepSync. All rights reserved.
      </div>
    </footer>
  );
}
