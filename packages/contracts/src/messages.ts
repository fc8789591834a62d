/** User-facing texts the spec fixes. One place, so server and web agree. */
export const MESSAGES = {
  // validation
  loginBothRequired: "Please enter both email and password",
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  passwordsDoNotMatch: "Passwords do not match",
  forgotEmailRequired: "Please enter your email address",
  weakPassword: "Please choose a stronger password",
  usernameRequired: "Username is required",
  profileImageUrl: "Profile image must be a valid URL",
  // auth
  registrationFailed: "Registration failed",
  loginFailed: "Login failed",
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  usernameTaken: "This username is already taken",
  googleLoginFailed: "Google login failed",
  googleRegistrationFailed: "Google registration failed",
  googleNotConfigured: "Google sign-in is not configured",
  googleNoAccount: "No account found for this Google user",
  googleAccountExists: "An account already exists for this Google user",
  authFailed: "Authentication failed. Please try again.",
  signInFailed: "Failed to sign in. Please check your credentials.",
  signupGeneral: "An error occurred during signup",
  accountExistsLoginFailed: "Account exists but login failed. Please try logging in directly.",
  welcomeBack: "Welcome back! You have been automatically logged in.",
  authRequired: "Authentication required",
  adminRequired: "Admin access required",
  forbidden: "You do not have permission to do this",
  // reset
  resetEmailFailed: "Failed to send reset email",
  networkError: "Network error. Please try again.",
  invalidResetLinkShort: "Invalid reset link",
  invalidResetLink: "Invalid or expired reset link",
  resetValidateFailed: "Failed to validate reset link",
  resetFailed: "Failed to reset password",
  resetEmailSentNotice: "If an account exists for that email, a reset link is on its way.",
  // profile
  profileLoadFailed: "Failed to load profile",
  profileUpdateFailed: "Failed to update profile",
  profileUpdated: "Profile updated successfully!",
  // e-mail confirmation (web copy, the spec has none)
  confirmEmailBanner: (email: string) =>
    `Please confirm your e-mail address: we sent a link to ${email}. Open it to use your credits and keep your account safe.`,
  confirmEmailResend: "Resend link",
  confirmEmailSent: (email: string) => `We sent a new confirmation link to ${email}.`,
  emailAlreadyConfirmed: "Your e-mail address is already confirmed.",
  emailConfirmed: "Your e-mail address is confirmed.",
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  invalidConfirmLink: "This confirmation link is invalid or has expired.",
  /** A link for a new address confirms only in the account that asked for it (someone may have typed your address into theirs). */
  confirmMailsLimit:
    "We have sent several confirmation e-mails in the last hour. Please wait a while before asking for another.",
  confirmChangeNeedsSignIn:
    "This link changes the e-mail address of a StepSync account. Sign in to the account that asked for the change, then open the link again. If you did not ask for it, ignore it: nothing changes.",
  emailChangePending: (email: string) =>
    `Profile updated. We sent a confirmation link to ${email}: your e-mail address changes when you open it.`,
  currentPasswordRequired: "Enter your current password to change your e-mail address.",
  currentPasswordWrong: "Your current password is incorrect.",
  /** A confirmation link opened signed out, or in another account: whoever holds the password confirms, signed in. */
  confirmNeedsSignIn:
    "This link confirms the e-mail address of a StepSync account. Log in to that account, then confirm. If you did not sign up for StepSync, ignore the e-mail: nothing happens.",
  /**
   * Google proved the address of an account whose password was set by someone who never did (it
   * may not be yours): the password is gone and its other sessions ended.
   */
  googlePasswordRemoved:
    "Welcome! Google confirmed your e-mail address. This account was set up with a password before the address was confirmed, so we removed that password and the profile details that came with it, and signed out every other session. You can choose a new password with Forgot password.",
  /** Sign-up's answer, the same whether the address was free or already had an account (which is mailed a note). */
  signUpCheckEmail: (email: string) =>
    `Check your e-mail: we sent a message to ${email}. Open the link in it, log in and confirm your address to start with your free credits.`,
  // success toasts
  resetEmailSent: "Password reset email sent!",
  passwordResetDone: "Password reset successfully!",
  registrationSuccessful: "Registration successful!",
  loginSuccessful: "Login successful!",
  // generic
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
  tooManyLoginFailures:
    "Too many wrong passwords for this account. Wait 15 minutes, sign in with Google, or reset your password.",
  notFound: "Not found",
  internalError: "Something went wrong on our side. Please try again.",
  nulCharacter: "Text cannot contain NUL characters",
  malformedForm: "The form data could not be read. Please try again.",
  unexpectedAppError: "Unexpected Application Error!",
} as const;

/** Upload and compare texts. */
/** A byte limit as the messages state it: 524288000 → 500 (MB, to one decimal). */
export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

export const UPLOAD_MESSAGES = {
  invalidVideoType: "Invalid file type. Please upload MP4, WebM, OGG, or MOV files.",
  /** The limit is a server setting (MAX_VIDEO_MB); the spec's text gives the default, 500MB. */
  videoTooLarge: (maxBytes: number) => `File too large. Maximum size is ${megabytes(maxBytes)}MB.`,
  /** The server's disk is (nearly) full: nothing the user can fix, nothing of theirs kept. */
  storageFull: "We can't store videos right now because the server is out of space. Please try again later.",
  selectVideo: "Please select a video file.",
  enterTitle: "Please enter a title.",
  invalidThumbnailType: "Invalid thumbnail type. Please upload JPG, PNG, or WebP files.",
  thumbnailTooLarge: "Thumbnail too large. Maximum size is 10MB.",
  uploadFailed: "Upload failed",
  uploadFailedRetry: "Upload failed. Please try again.",
  /** 408: the upload stalled, or trickled in slower than the server's minimum rate. */
  tooSlow: "Your upload arrived too slowly, so we stopped it. Please check your connection and try again.",
  /** 429: the account's uploads in flight are at their limit (UPLOADS_PER_ACCOUNT). */
  tooManyUploads: (inFlight: number) =>
    `You already have ${inFlight} ${inFlight === 1 ? "upload" : "uploads"} in progress. Wait for one to finish, then try again.`,
  /** 429: uploads from one client address are at their limit (UPLOADS_PER_ADDRESS). */
  tooManyUploadsFromAddress:
    "Too many uploads from your network are in progress. Wait for one to finish, then try again.",
} as const;

export const COMPARE_MESSAGES = {
  /** The engine's first sentence when the two videos are not one routine, and the result view's banner heading. */
  notSameRoutine: "This does not look like the same routine",
  failed: "Failed to compare videos",
  noResults: "No results received from server",
  noUserVideo: "Please upload your dance performance video",
  /** DELETE of a comparison still being analysed: it is cancelled, and its credit comes back. */
  deletedWhileRunning: "Comparison deleted. Its analysis had not finished, so your credit has been refunded.",
  noReference: "Please provide a reference video",
  insufficientCredits: "Insufficient credits",
  /** Credits are spent once the account's address is confirmed (the welcome credits can't be farmed with made-up addresses). */
  confirmEmailFirst: "Confirm your e-mail address to use your credits: open the link we sent you.",
  creditsUnknown: "Credits unknown",
  unknownStyle: "Please choose one of the eight dance styles",
  /**
   * The spec's sentence sent the dancer to the history page; the result opens at the comparison's own
   * address as well, so this says both, and nothing beside it says otherwise.
   */
  processing:
    "Your video comparison is being processed. Its result opens here as soon as it is ready, and stays in your comparison history.",
  referenceNotFound: "That library video is not available",
  videoNotFound: "Video not found",
  comparisonNotFound: (id: number | string) => `Comparison with ID ${id} not found.`,
  historyAuth: "You must be logged in to view comparison history.",
  interrupted: "The analysis was interrupted too many times. Your credit has been refunded; please try again.",
  analysisFailed: "We could not analyse these videos. Your credit has been refunded; please try again.",
  /** The analysis could not use the videos (no person found, unreadable…): the reason, and the refund. */
  refunded: (reason: string) => `${reason} Your credit has been refunded.`,
  /** A video was removed while its comparison waited (said with `refunded`). */
  videoGone: "One of the videos is no longer available.",
  deleteFailed: "Error deleting comparison",
  /** "It is this routine — analyse it anyway" on a refused result: queued again, as the routine, for one more credit. */
  analyseAnywayStarted: "Analysing it as this routine: 1 credit used. The result shows here when it is ready.",
  /** Asked again (a retry, a second tab) after the call was taken: nothing more is charged. */
  analyseAnywayAlready: "You already said this is the routine: it is analysed as it, and nothing more was charged.",
  /** Only a result refused as another routine can be analysed anyway. */
  analyseAnywayNotRefused: "Only a result found not to show the same routine can be analysed anyway",
  /** Its ledger line: what the credit was spent on, and why. */
  analyseAnywayCharge: (id: number) => `Comparison #${id} analysed anyway: you said it is the reference's routine`,
  analyseAnywayFailed: "Could not start the analysis. Please try again.",
} as const;
