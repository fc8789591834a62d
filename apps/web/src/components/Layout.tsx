import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { AnimatedBackground } from "./AnimatedBackground";
import { EmailConfirmBanner } from "./EmailConfirmBanner";
import { ErrorBoundary } from "./ErrorBoundary";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { PendingInvite } from "./PendingInvite";
import { PageSpinner } from "./Spinner";
import { Toaster } from "./Toaster";

/** App shell: background, header, the e-mail confirmation banner, the routed screen (lazy, behind an error boundary), footer, toasts. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="relative flex min-h-dvh flex-col">
      <AnimatedBackground />
      <Header />
      <EmailConfirmBanner />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <Toaster />
      <PendingInvite />
    </div>
  );
}
