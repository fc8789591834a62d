import { lazy } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { GuestOnly, RequireAdmin, RequireAuth, SessionKnown } from "./components/guards";
import { AppLayout } from "./components/Layout";

/** The older /video-compare address, query kept: /video-compare?id=5 opens comparison 5. */
function ToCompare() {
  const { search } = useLocation();
  return <Navigate to={`/compare${search}`} replace />;
}

// Every screen is its own chunk so the first load stays small.
const HomePage = lazy(() => import("./pages/home/HomePage"));
const LoginPage = lazy(() => import("./pages/login/LoginPage"));
const SignupPage = lazy(() => import("./pages/signup/SignupPage"));
const ForgotPasswordPage = lazy(() => import("./pages/forgot-password/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./pages/reset-password/ResetPasswordPage"));
const VerifyEmailPage = lazy(() => import("./pages/verify-email/VerifyEmailPage"));
const AboutPage = lazy(() => import("./pages/about/AboutPage"));
const FeaturesPage = lazy(() => import("./pages/features/FeaturesPage"));
const PricingPage = lazy(() => import("./pages/pricing/PricingPage"));
const OnboardingPage = lazy(() => import("./pages/onboarding/OnboardingPage"));
const TermsPage = lazy(() => import("./pages/terms/TermsPage"));
const PrivacyPage = lazy(() => import("./pages/privacy/PrivacyPage"));
const CookiesPage = lazy(() => import("./pages/cookies/CookiesPage"));
const PaymentComingSoonPage = lazy(() => import("./pages/coming-soon/PaymentComingSoonPage"));
const ContactPage = lazy(() => import("./pages/contact/ContactPage"));
const RefundPage = lazy(() => import("./pages/refund/RefundPage"));
const ShippingPage = lazy(() => import("./pages/shipping/ShippingPage"));

const DashboardPage = lazy(() => import("./pages/dashboard/DashboardPage"));
const ComparePage = lazy(() => import("./pages/compare/ComparePage"));
const ComparisonHistoryPage = lazy(() => import("./pages/comparison-history/ComparisonHistoryPage"));
const LibraryPage = lazy(() => import("./pages/library/LibraryPage"));
const UploadVideoPage = lazy(() => import("./pages/upload-video/UploadVideoPage"));
const SubscriptionPage = lazy(() => import("./pages/subscription/SubscriptionPage"));
const DancePage = lazy(() => import("./pages/dance/DancePage"));
const DemoPage = lazy(() => import("./pages/demo/DemoPage"));
const ContributePage = lazy(() => import("./pages/contribute/ContributePage"));
const ContributorPage = lazy(() => import("./pages/contributor/ContributorPage"));
const ProfilePage = lazy(() => import("./pages/profile/ProfilePage"));
const UserProfilePage = lazy(() => import("./pages/user-profile/UserProfilePage"));
const CreditsPage = lazy(() => import("./pages/credits/CreditsPage"));
const CommunityPage = lazy(() => import("./pages/community/CommunityPage"));
const FriendsPage = lazy(() => import("./pages/friends/FriendsPage"));
const LeaderboardPage = lazy(() => import("./pages/leaderboard/LeaderboardPage"));
const GroupsPage = lazy(() => import("./pages/groups/GroupsPage"));
const NewGroupPage = lazy(() => import("./pages/groups/NewGroupPage"));
const GroupPage = lazy(() => import("./pages/groups/GroupPage"));
const BoardPage = lazy(() => import("./pages/groups/BoardPage"));
const JoinGroupPage = lazy(() => import("./pages/groups/JoinGroupPage"));
const NewRehearsalPage = lazy(() => import("./pages/rehearsals/NewRehearsalPage"));
const RehearsalPage = lazy(() => import("./pages/rehearsals/RehearsalPage"));
const RehearsalDancerPage = lazy(() => import("./pages/rehearsals/DancerPage"));

const AdminPage = lazy(() => import("./pages/admin/AdminPage"));
const EmailSubscriptionsPage = lazy(() => import("./pages/admin/EmailSubscriptionsPage"));
const UnsubscribePage = lazy(() => import("./pages/unsubscribe/UnsubscribePage"));
const NotificationsPage = lazy(() => import("./pages/notifications/NotificationsPage"));
const ReviewMailUnsubscribePage = lazy(() => import("./pages/notifications/ReviewMailUnsubscribePage"));

const NotFoundPage = lazy(() => import("./pages/not-found/NotFoundPage"));

/** The route map: every page's address and the guard in front of it. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {/* Public */}
        <Route index element={<HomePage />} />
        <Route element={<GuestOnly />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
        </Route>
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="features" element={<FeaturesPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="onboarding" element={<OnboardingPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="cookies" element={<CookiesPage />} />
        <Route path="coming-soon" element={<PaymentComingSoonPage />} />
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route path="notifications/unsubscribe" element={<ReviewMailUnsubscribePage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="refund" element={<RefundPage />} />
        <Route path="shipping" element={<ShippingPage />} />
        {/* Visitors browse the library and profiles; acting there asks them to sign in */}
        <Route element={<SessionKnown />}>
          <Route path="library" element={<LibraryPage />} />
          <Route path="profile/:userId" element={<UserProfilePage />} />
          {/* An invite link: signed out it asks to sign up or log in, then comes back */}
          <Route path="groups/join/:code" element={<JoinGroupPage />} />
        </Route>

        {/* Login required */}
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="compare" element={<ComparePage />} />
          <Route path="video-compare" element={<ToCompare />} />
          <Route path="comparison-history" element={<ComparisonHistoryPage />} />
          <Route path="upload-video" element={<UploadVideoPage />} />
          <Route path="subscription" element={<SubscriptionPage />} />
          <Route path="dance" element={<DancePage />} />
          <Route path="demo" element={<DemoPage />} />
          <Route path="contribute" element={<ContributePage />} />
          <Route path="contributor" element={<ContributorPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="credits" element={<CreditsPage />} />
          <Route path="community" element={<CommunityPage />} />
          <Route path="friends" element={<FriendsPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="leaderboard" element={<LeaderboardPage />} />
          <Route path="groups" element={<GroupsPage />} />
          <Route path="groups/new" element={<NewGroupPage />} />
          <Route path="groups/:id" element={<GroupPage />} />
          <Route path="groups/:id/board" element={<BoardPage />} />
          <Route path="rehearsals/new" element={<NewRehearsalPage />} />
          <Route path="rehearsals/:id" element={<RehearsalPage />} />
          <Route path="rehearsals/:id/dancers/:dancerId" element={<RehearsalDancerPage />} />
        </Route>

        {/* Admin required */}
        <Route element={<RequireAdmin />}>
          <Route path="admin/:tab?" element={<AdminPage />} />
          <Route path="email-subscriptions" element={<EmailSubscriptionsPage />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
