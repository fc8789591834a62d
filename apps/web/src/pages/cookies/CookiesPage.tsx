import { Link } from "react-router";
import { LegalPage } from "../../components/LegalPage";
import { SupportEmail } from "../../components/SupportEmail";

const KINDS: ReadonlyArray<{ name: string; text: string }> = [
  { name: "Essential", text: "keep you signed in and protect your session; the service cannot work without them." },
  { name: "Performance", text: "tell us how fast pages and comparisons load so we can make them quicker." },
  { name: "Functional", text: "remember choices such as your playback speed and filters." },
  { name: "Analytics", text: "count visits and features used, in aggregate, to improve StepSync." },
  { name: "Marketing", text: "measure whether our announcements reach people; we do not sell your data." },
];

/** Cookie policy: ten numbered sections, last updated 2024-01-01. */
export default function CookiesPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      description="How StepSync uses cookies: essential, performance, functional, analytics and marketing cookies, and how to manage them."
      eyebrow="Legal"
      updated="2024-01-01"
      sections={[
        {
          title: "What cookies are",
          body: <p>Cookies are small text files a website stores in your browser to remember information.</p>,
        },
        {
          title: "How we use cookies",
          body: <p>StepSync uses cookies to sign you in, keep the service secure and understand how it is used.</p>,
        },
        {
          title: "Types of cookies we use",
          body: (
            <ul>
              {KINDS.map((k) => (
                <li key={k.name}>
                  <strong className="text-white">{k.name} cookies</strong> {k.text}
                </li>
              ))}
            </ul>
          ),
        },
        {
          title: "Essential cookies",
          body: (
            <p>
              The session cookie is set when you log in and is removed when you log out or the session expires. It is
              HttpOnly, so scripts cannot read it.
            </p>
          ),
        },
        {
          title: "Third-party cookies",
          body: (
            <p>
              Google sign-in and our payment provider may set their own cookies when you use them; their policies apply.
            </p>
          ),
        },
        {
          title: "How long cookies last",
          body: <p>Session cookies last until you sign out or they expire; preference cookies last up to a year.</p>,
        },
        {
          title: "Managing your preferences",
          body: (
            <p>
              Some preferences can be managed in your account dashboard. You can also block or delete cookies in your
              browser settings, though essential cookies are needed to stay signed in.
            </p>
          ),
        },
        {
          title: "Changes to this policy",
          body: <p>We may update this policy; the date above shows the latest version.</p>,
        },
        {
          title: "Related policies",
          body: (
            <p>
              See our <Link to="/privacy">Privacy Policy</Link> and <Link to="/terms">Terms and Conditions</Link>.
            </p>
          ),
        },
        {
          title: "Contact us",
          body: (
            <p>
              Questions about cookies? Email <SupportEmail />.
            </p>
          ),
        },
      ]}
    />
  );
}
