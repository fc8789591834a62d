import { useEffect } from "react";
import { useTitle } from "../lib/useTitle";

export const DEFAULT_DESCRIPTION =
  "StepSync compares your dance or workout with a reference video and gives you scores and feedback you can act on.";

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = "description";
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * Sets document.title (via useTitle) and the page's meta description; the description goes back to
 * the app's default when the page unmounts, so screens without one never show a stale text.
 */
export function usePageMeta(title: string | null, description: string): void {
  useTitle(title);
  useEffect(() => {
    const tag = descriptionTag();
    tag.content = description;
    return () => {
      tag.content = DEFAULT_DESCRIPTION;
    };
  }, [description]);
}
