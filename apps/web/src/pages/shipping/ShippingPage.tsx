import { Link } from "react-router";
import { LegalPage } from "../../components/LegalPage";
import { SupportEmail } from "../../components/SupportEmail";

/** Shipping and delivery policy: digital only, instant delivery of credits. */
export default function ShippingPage() {
  return (
    <LegalPage
      title="Shipping & Delivery Policy"
      description="StepSync delivers digital credits instantly on successful payment with a confirmation email; there is no physical shipping."
      sections={[
        {
          title: "Digital services only",
          body: (
            <p>
              StepSync offers digital services and online credits only. There is no physical shipping of any product.
            </p>
          ),
        },
        {
          title: "Delivery of credits",
          body: (
            <p>
              Credits are delivered to your account instantly on successful payment, and you receive a confirmation
              email. Your new balance shows on your dashboard and the Buy Credits page.
            </p>
          ),
        },
        {
          title: "If something goes wrong",
          body: (
            <p>
              If credits do not appear, report it within 6-8 days of the order through the{" "}
              <Link to="/contact">contact page</Link>. Cancellations and refunds follow our{" "}
              <Link to="/refund">refund policy</Link>; refunds take 6-8 days to process.
            </p>
          ),
        },
        {
          title: "Contact",
          body: (
            <p>
              Email <SupportEmail /> — we reply as soon as possible.
            </p>
          ),
        },
      ]}
    />
  );
}
