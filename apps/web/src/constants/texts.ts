import { LIMITS } from "@stepsync/contracts";

/**
 * Spec texts the web app shows that are not (yet) in @stepsync/contracts MESSAGES.
 * Quoted from part 1 unless marked "web copy" (our own wording where the spec gives none).
 */
export const TEXTS = {
  tagline: "Master Your Dance Potential with AI",
  // loading labels
  signingIn: "Signing in...",
  creatingAccount: "Creating your account...",
  sendingResetLink: "Sending Reset Link...",
  resettingPassword: "Resetting Password...",
  loading: "Loading...",
  // forgot / reset
  checkYourEmail: "Check Your Email",
  sendAnotherEmail: "Send Another Email",
  backToLogin: "Back to Login",
  invalidResetLinkTitle: "Invalid Reset Link",
  requestNewLink: "Request New Link",
  passwordsMatch: "Passwords match",
  strengthWeak: "Weak",
  strengthGood: "Good",
  strengthStrong: "Strong",
  // reset hints (web copy, one per point of passwordStrength in @stepsync/contracts)
  hintLength: "Use at least 8 characters",
  hintLower: "Add a lowercase letter",
  hintUpper: "Add an uppercase letter",
  hintDigit: "Add a number",
  hintSpecial: "Add a special character (like ! or #)",
  // profile
  noRecentActivity: "No recent activity. Start a comparison to see your progress!",
  noAchievementsTitle: "No Achievements Yet",
  noAchievementsBody: "Complete your first comparison to start earning achievements!",
  noTransactions: "No credit transactions yet.",
  noPayments: "No payment history yet.",
  buyMoreCredits: "Buy More Credits",
  editProfile: "Edit Profile",
  // dashboard greeting fallback
  displayNameFallback: "Champion",
  // chart
  progressFetchFailed: "Failed to fetch progress data",
  tryAgain: "Try again",
  // generic HTTP error when a call gives no message (web copy of the wording)
  httpError: (status: number) => `HTTP error! status: ${status}`,
  // web copy
  noProgressData: "No progress data yet. Complete a comparison to see your chart.",
  noBestActivity: "Complete a comparison to discover your strongest style.",
  comingSoonTitle: "Coming in a later release",
  notFoundTitle: "Page not found",
} as const;

/** Compare, recording, playback and history texts that COMPARE_MESSAGES in @stepsync/contracts does not hold. */
export const COMPARE_TEXTS = {
  analyzing: "Analyzing...",
  processingTitle: "Video Comparison Processing",
  stayHere: "Stay Here",
  viewResults: "View Results",
  compareAnother: "Compare Another Video",
  purchaseMore: "Purchase more credits",
  backToLibrary: "Back to Library",
  changeReference: "Change Reference Video",
  browseLibrary: "Browse Reference Library",
  demoReference: "This is a demo reference video. In production, real video URLs would be loaded.",
  // video element errors (videoErrorText)
  videoFormat: "Video format not supported or file corrupted",
  videoNetwork: "Network error - video file not accessible",
  videoNotFound: "Video file not found",
  videoError: "Error loading video",
  playbackError: (message?: string | null) => `Error loading video: ${message || "Unknown error"}`,
  // recording
  initializingCamera: "Initializing camera...",
  autoStopWarning: "Auto-stop in 30s",
  retryCamera: "Retry Camera",
  startRecording: "Start Recording",
  cameraUnsupported: "Camera access is not supported in this browser. Please use a modern browser.",
  cameraTimeout: "Camera initialization timed out. Please check your camera permissions and try again.",
  cameraDenied: "Camera access denied. Please allow camera permissions and refresh the page.",
  cameraNotFound: "No camera found. Please connect a camera and try again.",
  cameraInUse: "Camera is already in use by another application. Please close other camera applications and try again.",
  cameraOther: (message: string) =>
    `Unable to access camera: ${message}. Please check your camera permissions and try again.`,
  recorderUnsupported:
    "Video recording is not supported in this browser. Please use a modern browser like Chrome, Firefox, or Safari.",
  noRecordingFormat: "No supported video format found. Please try a different browser.",
  // history
  historyTitle: "Comparison History",
  newComparison: "New Comparison",
  allActivities: "All Activities",
  noComparisons: "No comparisons yet",
  startFirst: "Start Your First Comparison",
  processingItem: "Processing...",
  failedItem: "Failed",
  retryingItem: (attempt: number) =>
    `The analysis was interrupted, so it is running again (attempt ${attempt} of ${LIMITS.analysisAttempts}).`,
  viewDetails: "View Details",
  loadMore: "Load More",
  comparisonLoadError: (detail: string) => `Error loading comparison: ${detail}`,
  historyLoadError: (detail: string) => `Error loading comparison history: ${detail}`,
  statTotal: "Total Comparisons",
  statBest: "Best Score",
  statAverage: "Average Score",
  statTrend: "Recent Trend",
  // web copy
  uploadingStage: (percent: number) => `Uploading videos… ${percent}%`,
  analysingStage: (percent: number) => `Analysing… ${percent}%`,
  comparisonReady: "Comparison complete! Here is how you did.",
  deleteConfirmTitle: "Delete this comparison?",
  deleteConfirmBody: "The scores and your uploaded video for it are removed. This cannot be undone.",
  deleteRunningBody:
    "Its analysis has not finished: deleting it cancels the analysis and gives your credit back. This cannot be undone.",
} as const;
