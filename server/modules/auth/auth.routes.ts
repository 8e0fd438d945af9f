import type { FastifyRequest } from 'fastify';
import {
  BotChallenge,
  CheckEmailBody,
  CodeSentResponse,
  EmailBody,
  LoginBody,
  LoginResponse,
  MeResponse,
  RegisterBody,
  ResetPasswordBody,
  VerifyOtpBody,
} from '../../../contract/auth.ts';
import { ErrorBody, Message } from '../../../contract/common.ts';
import type { App, Deps } from '../../deps.ts';
import { forbidden } from '../../lib/errors.ts';
import { requireCaller } from '../../plugins/policies.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import { AuthRepository } from './auth.repository.ts';
import { AuthService, type ClientInfo } from './auth.service.ts';
import { BotCheckService } from './bot-check.service.ts';
import { SessionCookies } from './session-cookies.ts';

const MINUTE = 60_000;
/** Per-IP limits of the account routes (keyed per-e-mail limits live in the service). */
export const IP_LIMITS = {
  register: { max: 10, windowMs: 60 * MINUTE },
  checkEmail: { max: 10, windowMs: 60 * MINUTE },
  sendCode: { max: 20, windowMs: 15 * MINUTE },
  verifyCode: { max: 30, windowMs: 15 * MINUTE },
  password: { max: 30, windowMs: 15 * MINUTE },
  challenge: { max: 60, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

function client(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export async function authRoutes(app: App, deps: Deps): Promise<void> {
  const repository = new AuthRepository(deps.db);
  const botCheck = new BotCheckService(repository, deps.config.botCheckMaxNumber);
  const auth = new AuthService(
    repository,
    deps.sessions,
    deps.mailer,
    deps.limiter,
    botCheck,
    deps.secret,
    deps.config.publicUrl,
  );
  const cookies = new SessionCookies(deps.secret, deps.config.secureCookies);

  app.get(
    '/api/auth/challenge',
    {
      config: { policy: 'public', rateLimit: IP_LIMITS.challenge },
      schema: {
        tags: ['auth'],
        summary: 'A proof-of-work challenge for the sign-up bot check',
        response: { 200: BotChallenge },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return botCheck.challenge();
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { policy: 'public', rateLimit: IP_LIMITS.register },
      schema: {
        tags: ['auth'],
        summary: 'Create a listener account and log in',
        description:
          'The bot-check solution goes in `altcha` (or the `X-Altcha` header). Without one, an ' +
          'address may register only 3 accounts an hour, so the original client keeps working.',
        body: RegisterBody,
        response: { 201: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const header = request.headers['x-altcha'];
      const { response, session } = await auth.register(
        request.body,
        client(request),
        typeof header === 'string' ? header : undefined,
      );
      cookies.set(reply, session);
      return reply.status(201).send(response);
    },
  );

  app.post(
    '/api/auth/checkEmail',
    {
      config: { policy: 'public', rateLimit: IP_LIMITS.checkEmail },
      schema: {
        tags: ['auth'],
        summary: "Sign-up's first step: whether an address is free",
        description:
          'Responds 409 when the address has an account, as registering does, and takes the ' +
          'bot-check solution and limits of registering.',
        body: CheckEmailBody,
        response: { 200: Message, ...errors },
      },
    },
    (request) => {
      const header = request.headers['x-altcha'];
      return auth.checkEmailFree(
        request.body,
        client(request),
        typeof header === 'string' ? header : undefined,
      );
    },
  );

  app.post(
    '/api/auth/sendOTP',
    {
      config: { policy: 'public', rateLimit: IP_LIMITS.sendCode },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a 6-digit login code',
        body: EmailBody,
        response: { 200: CodeSentResponse, ...errors },
      },
    },
    (request) => auth.sendLoginCode(request.body.email, client(request)),
  );

  app.post(
    '/api/auth/verifyOTP',
    {
      config: { policy: 'public', rateLimit: IP_LIMITS.verifyCode },
      schema: {
        tags: ['auth'],
        summary: 'Log in with an e-mailed code',
        body: VerifyOtpBody,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { email, otp, code, remember } = request.body;
      const { response, session } = await auth.verifyLoginCode(
        email,
        otp ?? code,
        remember ?? true,
        client(request),
      );
      cookies.set(reply, session);
      return response;
    },
  );

  // The listener and admin password logins differ only in whether a listener may pass.
  const passwordLogin = (url: string, summary: string, adminOnly: boolean) =>
    app.post(
      url,
      {
        config: { policy: 'public', rateLimit: IP_LIMITS.password },
        schema: {
          tags: ['auth'],
          summary,
          body: LoginBody,
          response: { 200: LoginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { email, password, remember } = request.body;
        const { response, session } = await auth.loginWithPassword(
          { email, password, remember: remember ?? true },
          client(request),
          { adminOnly },
        );
        cookies.set(reply, session);
        return response;
      },
    );
  passwordLogin('/api/auth/loginWithPass', 'Log in with e-mail and password', false);
  passwordLogin('/api/admin/adminLogin', 'Administrator login', true);

  app.post(
    '/api/auth/forgotPassword',
    {
      config: { policy: 'public', rateLimit: IP_LIMITS.sendCode },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a code to reset the password',
        body: EmailBody,
        response: { 200: CodeSentResponse, ...errors },
      },
    },
    (request) => auth.sendResetCode(request.body.email, client(request)),
  );

  app.post(
    '/api/auth/resetPassword',
    {
      config: { policy: 'public', rateLimit: IP_LIMITS.verifyCode },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an e-mailed code, and log in',
        body: ResetPasswordBody,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { email, otp, code, password, cpassword, remember } = request.body;
      const { response, session } = await auth.resetPassword(
        { email, code: otp ?? code, password, cpassword, remember: remember ?? true },
        client(request),
      );
      cookies.set(reply, session);
      return response;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        response: { 200: Message, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      // A cookie logout without the XSRF header could come from another site: refuse it.
      if (request.authProblem === 'csrf') {
        throw forbidden('Missing or invalid CSRF token. Reload the page and try again.');
      }
      if (request.caller) await auth.logout(request.caller.sessionId);
      cookies.clear(reply);
      return { message: 'Logged out' };
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['auth'],
        summary: 'The logged-in account (restores a session after a reload)',
        response: { 200: MeResponse, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (caller.via === 'cookie') cookies.ensureXsrf(request, reply);
      reply.header('cache-control', 'no-store');
      return auth.me(caller.userId);
    },
  );
}
