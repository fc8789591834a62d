import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  forgotPasswordRequest,
  googleRequest,
  loginRequest,
  MESSAGES,
  registerRequest,
  resetPasswordRequest,
  validateResetTokenRequest,
  verifyEmailRequest,
  authResponse,
  extendResponse,
  messageResponse,
  sessionResponse,
  validateResetTokenResponse,
  verifyEmailResponse,
  type AuthResponse,
} from "@stepsync/contracts";
import { HttpError, parse } from "../../http/errors.ts";
import { responds } from "../../http/responds.ts";
import type { AppContext } from "../../context.ts";
import { confirmEmail, mailAddressChanged, mailConfirmation, pendingEmailOf } from "./email-confirmation.ts";
import { currentUser, guard } from "../../http/guard.ts";
import { SESSION_COOKIE } from "./request-auth.ts";
import { toPublicUser } from "./serialize.ts";
import {
  checkPassword,
  createGoogleAccount,
  findValidResetToken,
  googleAccount,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUpWithPassword,
} from "./service.ts";
import { endSession, extendSession } from "./sessions.ts";

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const limited = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" } } };

  const secureCookie = (request: FastifyRequest) => config.cookieSecure ?? request.protocol === "https";
  const meta = (request: FastifyRequest) => ({ userAgent: request.headers["user-agent"], ip: request.ip });

  /** Sends an auth answer and sets the session cookie alongside the token in the body. */
  function sendSession(request: FastifyRequest, reply: FastifyReply, status: number, body: AuthResponse) {
    reply.setCookie(SESSION_COOKIE, body.token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookie(request),
      expires: new Date(body.session.expires_at),
    });
    return reply.status(status).send(body);
  }

  // No session: a free address and a taken one are answered alike (the spec's straight-to-dashboard
  // would tell them apart). The new account logs in with its password; its link confirms the address.
  app.post("/api/auth/register", { ...limited, ...responds(messageResponse, 201) }, async (request, reply) => {
    const input = parse(registerRequest, request.body);
    await signUpWithPassword(ctx, request.log, input);
    return reply.status(201).send({ message: MESSAGES.signUpCheckEmail(input.email) });
  });

  app.post("/api/auth/verify-email", { ...limited, ...responds(verifyEmailResponse) }, async (request) => {
    const { token } = parse(verifyEmailRequest, request.body);
    const auth = request.auth;
    const opener = auth && { userId: auth.user.id, sessionId: auth.session.id };
    const { user, changed, previous } = await confirmEmail(db, token, opener);
    if (changed) await mailAddressChanged(ctx, request.log, user, previous);
    return {
      message: changed ? MESSAGES.emailChanged(user.email) : MESSAGES.emailConfirmed,
      user: toPublicUser(user, await pendingEmailOf(db, user)),
    };
  });

  app.post(
    "/api/auth/resend-verification",
    { ...limited, preHandler: guard(), ...responds(messageResponse) },
    async (request) => {
      const { user } = currentUser(request);
      if (user.emailVerifiedAt) throw new HttpError(400, MESSAGES.emailAlreadyConfirmed);
      await mailConfirmation(ctx, request.log, user, user.email);
      return { message: MESSAGES.confirmEmailSent(user.email) };
    },
  );

  app.post("/api/auth/login", { ...limited, ...responds(authResponse) }, async (request, reply) => {
    const input = parse(loginRequest, request.body);
    const user = await checkPassword(db, input.email, input.password);
    const body = await signIn(db, user, config.sessionMs, meta(request));
    return sendSession(request, reply, 200, { ...body, message: MESSAGES.loginSuccessful });
  });

  app.get("/api/auth/session", { preHandler: guard(), ...responds(sessionResponse) }, async (request) => {
    const { user, session } = currentUser(request);
    return {
      user: toPublicUser(user, await pendingEmailOf(db, user)),
      session: { expires_at: session.expiresAt.toISOString() },
    };
  });

  app.post("/api/auth/session/extend", { preHandler: guard(), ...responds(extendResponse) }, async (request, reply) => {
    const { session, token } = currentUser(request);
    const expiresAt = await extendSession(db, session.id, config.sessionMs);
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookie(request),
      expires: expiresAt,
    });
    return { session: { expires_at: expiresAt.toISOString() } };
  });

  app.post("/api/auth/logout", responds(messageResponse), async (request, reply) => {
    // Like every state change, not from another origin's page: it could sign a user out at will.
    if (request.foreignCookie) throw new HttpError(401, MESSAGES.authRequired);
    if (request.auth) await endSession(db, request.auth.session.id);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { message: "Logged out" };
  });

  app.post("/api/auth/google-login", { ...limited, ...responds(authResponse) }, async (request, reply) => {
    const { credential } = parse(googleRequest, request.body);
    const identity = await ctx.google.verify(credential);
    const { user, passwordRemoved } = await googleAccount(db, identity);
    const body = await signIn(db, user, config.sessionMs, meta(request));
    if (!passwordRemoved) return sendSession(request, reply, 200, { ...body, message: MESSAGES.loginSuccessful });
    return sendSession(request, reply, 200, {
      ...body,
      message: MESSAGES.googlePasswordRemoved,
      password_removed: true,
    });
  });

  app.post("/api/auth/google-register", { ...limited, ...responds(authResponse, 201) }, async (request, reply) => {
    const { credential } = parse(googleRequest, request.body);
    const identity = await ctx.google.verify(credential);
    const user = await createGoogleAccount(db, identity);
    const body = await signIn(db, user, config.sessionMs, meta(request));
    return sendSession(request, reply, 201, { ...body, message: MESSAGES.registrationSuccessful });
  });

  app.post("/api/auth/forgot-password", { ...limited, ...responds(messageResponse) }, async (request) => {
    const { email } = parse(forgotPasswordRequest, request.body);
    await requestPasswordReset(ctx, request.log, email);
    return { message: MESSAGES.resetEmailSentNotice };
  });

  app.post(
    "/api/auth/validate-reset-token",
    { ...limited, ...responds(validateResetTokenResponse) },
    async (request) => {
      const { token } = parse(validateResetTokenRequest, request.body);
      const row = await findValidResetToken(db, token);
      if (!row) throw new HttpError(400, MESSAGES.invalidResetLink);
      return { email: row.user.email, username: row.user.username };
    },
  );

  app.post("/api/auth/reset-password", { ...limited, ...responds(messageResponse) }, async (request) => {
    const { token, password } = parse(resetPasswordRequest, request.body);
    await resetPassword(db, token, password);
    return { message: MESSAGES.passwordResetDone };
  });
}
