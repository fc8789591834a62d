// The route map (apps/web/src/routes.tsx, with /friends, /leaderboard and /video-compare): who may open which screen.
// One list for the route walk and the layout checks.

export const PUBLIC = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/about",
  "/features",
  "/pricing",
  "/onboarding",
  "/terms",
  "/privacy",
  "/cookies",
  "/coming-soon",
  "/contact",
  "/refund",
  "/shipping",
];
export const PROTECTED = [
  "/dashboard",
  "/compare",
  "/video-compare",
  "/comparison-history",
  "/library",
  "/upload-video",
  "/subscription",
  "/dance",
  "/demo",
  "/contribute",
  "/contributor",
  "/profile",
  "/profile/:userId",
  "/credits",
  "/community",
  "/friends",
  "/leaderboard",
  "/groups",
  "/groups/new",
  "/rehearsals/new",
];
/** In the login-required list, yet open to visitors: only acting there asks for a login. */
export const BROWSABLE = ["/library", "/profile/:userId"];
export const ADMIN_ONLY = ["/admin", "/email-subscriptions"];

/** The sign-in screens: a signed-in user is sent on from them. */
export const SIGN_IN = ["/login", "/signup", "/forgot-password", "/reset-password"];
