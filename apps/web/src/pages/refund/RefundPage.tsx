import { Link } from "react-router";
import { LegalPage } from "../../components/LegalPage";
import { SupportEmail } from "../../components/SupportEmail";

/** Refund and cancellation policy, with its time windows. */
export default function RefundPage() {
  return (
    <LegalPage
      title="Refund & Cancellation Policy"
      description="StepSync sells digital credits only: how cancellation requests within 6-8 days of an order work and how refunds take 6-8 days."
      sections={[
        {
          title: "What we sell",
          body: (
            <p>
              StepSync provides digital services and online credits only. Nothing physical is shipped; credits are
              delivered to your account instantly on successful payment, with a confirmation email.
            </p>
          ),
        },
        {
          title: "Cancellation requests",
          body: (
            <p>
              Cancellation requests are considered only if they are made within 6-8 days of placing the order. Please{" "}
              <Link to="/contact">contact us</Link> with your order details.
            </p>
          ),
        },
        {
          title: "Problems with a purchase",
          body: (
            <p>
              If credits did not arrive or a charge looks wrong, report it within 6-8 days of the order and we will look
              into it straight away.
            </p>
          ),
        },
        {
          title: "Refunds",
          body: (
            <p>
              Approved refunds are processed within 6-8 days to the original payment method. Credits already used for
              comparisons cannot be refunded.
            </p>
          ),
        },
        {
          title: "Contact",
          body: (
            <p>
              Email <SupportEmail /> or use the <Link to="/contact">contact page</Link>. See also our{" "}
              <Link to="/shipping">shipping and delivery policy</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
