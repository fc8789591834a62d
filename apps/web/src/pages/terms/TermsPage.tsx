import { LIMITS } from "@stepsync/contracts";
import { Link } from "react-router";
import { LegalPage } from "../../components/LegalPage";
import { SupportEmail } from "../../components/SupportEmail";
import { formatCredits } from "../../lib/format";

/** Terms and Conditions: static, last updated 1 January 2024. */
export default function TermsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      description="The terms for using StepSync: accounts, credits, uploaded videos, acceptable use and support."
      eyebrow="Legal"
      updated="1 January 2024"
      intro={
        <p>
          These terms govern your use of StepSync, an AI movement-coaching service that compares your dance or workout
          videos with reference videos. By creating an account or using the service you agree to them.
        </p>
      }
      sections={[
        {
          title: "Who may use StepSync",
          body: (
            <p>
              StepSync is not intended for children under 13. You must be at least 13 years old to create an account,
              and if you are under the age of majority where you live, a parent or guardian must agree to these terms.
            </p>
          ),
        },
        {
          title: "Your account",
          body: (
            <p>
              Keep your password safe and your details accurate. You are responsible for what happens under your
              account. Tell us at once if you think someone else has access to it.
            </p>
          ),
        },
        {
          title: "Credits and payments",
          body: (
            <p>
              Comparisons use credits — {formatCredits(LIMITS.comparisonCost)} per comparison. Credit packs are one-time
              purchases priced in rupees and are delivered to your account instantly after a successful payment. Refunds
              follow our <Link to="/refund">refund policy</Link>.
            </p>
          ),
        },
        {
          title: "Your videos",
          body: (
            <p>
              You keep the rights to the videos you upload. You give us permission to store and process them to run
              comparisons and show you results. Only upload videos you have the right to use. Reference videos shared by
              contributors are reviewed before they appear in the library.
            </p>
          ),
        },
        {
          title: "Acceptable use",
          body: (
            <ul>
              <li>No unlawful, abusive or infringing content.</li>
              <li>No attempts to break, overload or reverse-engineer the service.</li>
              <li>Be respectful in comments and the community.</li>
            </ul>
          ),
        },
        {
          title: "Scores and feedback",
          body: (
            <p>
              Scores and feedback are produced automatically to help you practise. They are guidance, not medical or
              professional advice; warm up properly and train within your limits.
            </p>
          ),
        },
        {
          title: "Changes and termination",
          body: (
            <p>
              We may update the service and these terms; the date above shows the latest version. We may suspend
              accounts that break these terms. You can stop using StepSync at any time.
            </p>
          ),
        },
        {
          title: "Contact",
          body: (
            <p>
              Questions about these terms? Email <SupportEmail />.
            </p>
          ),
        },
      ]}
    />
  );
}
