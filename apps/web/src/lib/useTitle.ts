import { useEffect } from "react";

export const APP_NAME = "StepSync";

/** Sets document.title for the current screen. */
export function useTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : `${APP_NAME} · Master Your Dance Potential with AI`;
  }, [title]);
}
