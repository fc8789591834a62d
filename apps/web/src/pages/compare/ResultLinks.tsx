import type { ComparisonDetail } from "@stepsync/contracts";
import { Library, RotateCcw } from "lucide-react";
import { ButtonLink } from "../../components/Button";
import { COMPARE_TEXTS } from "../../constants/texts";

/** Under a result: compare another video, the history, the library. */
export function ResultLinks({ detail, fromLibrary }: { detail: ComparisonDetail; fromLibrary: boolean }) {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <a
        href="/compare"
        className="inline-flex h-11 items-center gap-2 rounded-full bg-gradient-to-r from-accent-500 to-fuchsia-500 px-5 text-sm font-semibold text-white shadow-lg shadow-accent-600/25 hover:brightness-110"
      >
        <RotateCcw className="size-4" aria-hidden /> {COMPARE_TEXTS.compareAnother}
      </a>
      <ButtonLink to="/comparison-history" variant="secondary">
        View History
      </ButtonLink>
      <ButtonLink to="/library" variant="secondary" icon={<Library className="size-4" aria-hidden />}>
        {fromLibrary || detail.reference_video_id ? COMPARE_TEXTS.backToLibrary : COMPARE_TEXTS.browseLibrary}
      </ButtonLink>
    </div>
  );
}
