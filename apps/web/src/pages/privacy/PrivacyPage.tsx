import { Link } from "react-router";
import { LegalPage } from "../../components/LegalPage";
import { SupportEmail } from "../../components/SupportEmail";

/** Privacy Policy: static, last updated 1 January 2024. */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What StepSync collects, why, how long it is kept and the choices you have about your data."
      eyebrow="Legal"
      updated="1 January 2024"
      intro={
        <p>
          This policy explains what information StepSync collects when you use the service, how we use it and the
          choices you have.
        </p>
      }
      sections={[
        {
          title: "Information we collect",
          body: (
            <ul>
              <li>Account details: your name, email address and, if you choose, a profile picture and bio.</li>
              <li>Videos you upload and the pose data and scores computed from them.</li>
              <li>Purchase records for credit packs (payments are handled by our payment provider).</li>
              <li>Basic technical data such as browser type and pages visited, to keep the service working.</li>
            </ul>
          ),
        },
        {
          title: "How we use it",
          body: (
            <p>
              To run comparisons and show your results and progress, to deliver credits you buy, to keep your account
              secure, to send the emails you ask for and to improve StepSync.
            </p>
          ),
        },
        {
          title: "Sharing",
          body: (
            <p>
              We do not sell your data. We share it only with providers that help us run the service (hosting, email,
              payments) under confidentiality, or when the law requires it. Reference videos you publish are visible to
              other users.
            </p>
          ),
        },
        {
          title: "Children",
          body: <p>StepSync is not intended for children under 13, and we do not knowingly collect their data.</p>,
        },
        {
          title: "Cookies",
          body: (
            <p>
              We use cookies to keep you signed in and to remember preferences. See our{" "}
              <Link to="/cookies">cookie policy</Link>.
            </p>
          ),
        },
        {
          title: "Your choices",
          body: (
            <p>
              You can update your profile at any time and ask us to export or delete your data. Deleting your account
              removes your videos and results.
            </p>
          ),
        },
        {
          title: "Contact",
          body: (
            <p>
              Privacy questions? Email <SupportEmail />.
            </p>
          ),
        },
      ]}
    />
  );
}
