import { RefreshCw } from "lucide-react";
import { TEXTS } from "../constants/texts";
import { Button } from "./Button";

/** A panel's load failure: what went wrong and a Try again that loads it again. */
export function RetryMessage({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      <p className="text-sm text-rose-300">{message}</p>
      <Button variant="secondary" size="sm" icon={<RefreshCw className="size-4" aria-hidden />} onClick={onRetry}>
        {TEXTS.tryAgain}
      </Button>
    </div>
  );
}
