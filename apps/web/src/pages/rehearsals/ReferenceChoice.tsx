import type { ReferenceVideo } from "@stepsync/contracts";
import { LibraryVideoChoice } from "../../components/LibraryVideoChoice";

/** The reference as the form holds it: an id, a title to show and, when known, its style. */
export type ChosenReference = { id: number; title: string; category: string | null };

const EMPTY = {
  none: "The library has no videos yet.",
  noMatch: "No library video matches. Try another search.",
};

/** Approved library videos to score the dancers against, searched by title. */
export function LibraryReferenceChoice({
  chosen,
  onChoose,
  disabled,
}: {
  chosen: number | null;
  onChoose: (video: ReferenceVideo) => void;
  disabled: boolean;
}) {
  return <LibraryVideoChoice chosen={chosen} onChoose={onChoose} emptyText={EMPTY} disabled={disabled} />;
}
