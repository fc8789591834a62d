import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../test/utils";

const config = (extra: Record<string, unknown> = {}) => ({
  "GET /api/config": { body: { google_client_id: null, support_email: "x@y.z", ...extra } },
});

describe("the video size limit shown", () => {
  it("follows the server's MAX_VIDEO_MB on the compare page", async () => {
    mockFetch({ ...sessionRoutes(testUser), ...config({ max_video_bytes: 5 * 1024 * 1024 }) });
    storeSession();
    renderApp("/compare");
    expect((await screen.findAllByText("MP4, WebM, OGG or MOV · up to 5 MB and 10 minutes")).length).toBeGreaterThan(0);
  });

  it("says 500 MB, the default, on the contributor page when the server does not say", async () => {
    mockFetch({ ...sessionRoutes(testUser), ...config() });
    storeSession();
    renderApp("/contribute");
    expect(await screen.findByText(/A clear, full-body video of the routine \(up to 500MB\)/)).toBeTruthy();
  });
});
