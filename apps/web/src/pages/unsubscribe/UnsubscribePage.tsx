import { UNSUBSCRIBE_MESSAGES } from "@stepsync/contracts";
import { useSearchParams } from "react-router";
import { unsubscribeByToken } from "../../api/admin";
import { UnsubscribeCard } from "../../components/UnsubscribeCard";

/** /unsubscribe?token=…: the link mailed with each subscription; confirms with a button, works once. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  return (
    <UnsubscribeCard
      pageTitle="Unsubscribe"
      heading="Unsubscribe from feature updates"
      intro="Press the button to stop getting emails about this feature."
      confirmLabel={UNSUBSCRIBE_MESSAGES.confirm}
      texts={{
        missing: UNSUBSCRIBE_MESSAGES.missingToken,
        done: UNSUBSCRIBE_MESSAGES.done,
        failed: UNSUBSCRIBE_MESSAGES.failed,
      }}
      unsubscribe={token ? () => unsubscribeByToken(token) : null}
    />
  );
}
