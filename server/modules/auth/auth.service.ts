import { randomBytes, randomInt } from 'node:crypto';
import {
  type AuthUser,
  type CheckEmailBody,
  type CodeSentResponse,
  type LoginResponse,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  type RegisterBody,
} from '../../../contract/auth.ts';
import { normalizeEmail, validateEmail } from '../../../contract/rules/email.ts';
import { validatePasswordPair } from '../../../contract/rules/password.ts';
import {
  validateDateOfBirth,
  validateGender,
  validateName,
} from '../../../contract/rules/profile.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { ServerSecret } from '../../lib/server-secret.ts';
import { safeEqual } from '../../lib/tokens.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { loginCodeMail, noAccountMail, resetCodeMail } from '../../mail/templates.ts';
import { SUSPENDED_MESSAGE } from '../../plugins/policies.ts';
import { addressBucket, type Limit, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { IssuedSession, SessionsService } from '../sessions/sessions.service.ts';
import { AttemptBudgets, type Budget } from './attempt-budgets.ts';
import type { AuthRepository, CodePurpose } from './auth.repository.ts';
import type { BotCheckService } from './bot-check.service.ts';

export const MESSAGES = {
  bothRequired: 'Please enter both email and password',
  adminBothRequired: 'Email and password are required',
  wrongCredentials: 'Invalid email or password',
  notAdmin: 'not allowed',
  duplicate: 'An account with this email already exists',
  emailFree: 'This email can be used to sign up',
  codeRequired: 'Please enter the 6-digit code',
  codeWrong: 'That code is not right. Please check it and try again.',
  codeExpired: 'This code has expired or was already used. Please request a new one.',
  codeExhausted: 'Too many wrong codes. Please request a new one.',
  codeSent: 'We sent a code to your email',
  codeAlreadySent: 'We already sent a code to your email. It still works.',
  registered: 'Registration successful!',
  loggedIn: 'Login successfully',
  passwordReset: 'Your password has been changed',
  suspended: SUSPENDED_MESSAGE,
} as const;

const MINUTE = 60_000;
/** Registrations that bring no bot-check solution (the original client's): a small budget. */
export const REGISTER_WITHOUT_CHECK_PER_IP: Limit = { max: 3, windowMs: 60 * MINUTE };

/**
 * Per-account budgets on top of the per-IP route limits (auth.routes.ts); see AttemptBudgets for
 * how the account-wide part spares the owner.
 */
export const BUDGETS = {
  /** Codes sent to one address, asked for from one client address / from all. */
  codesSent: {
    perAddress: { max: 5, windowMs: 60 * MINUTE },
    perAccount: { max: 20, windowMs: 60 * MINUTE },
  },
  wrongCodes: {
    perAddress: { max: 10, windowMs: 15 * MINUTE },
    perAccount: { max: 50, windowMs: 60 * MINUTE },
  },
  wrongPasswords: {
    perAddress: { max: 10, windowMs: 15 * MINUTE },
    perAccount: { max: 50, windowMs: 15 * MINUTE },
  },
} satisfies Record<string, Budget>;

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface LoggedIn {
  response: LoginResponse;
  session: IssuedSession;
}

function presentAuthUser(row: UserRow): AuthUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: row.role === 'admin',
    isBlocked: row.is_blocked === 1,
    isPremium: row.is_premium === 1,
    DOB: row.date_of_birth,
    gender: row.gender,
    createdAt: row.created_at,
  };
}

function adminSummary(row: UserRow) {
  return { _id: row.id, username: row.name, email: row.email };
}

function newCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

function codeText(value: string | number | undefined): string {
  return String(value ?? '').trim();
}

/** Sign-up, one-time codes, password and admin login, password reset. */
export class AuthService {
  private dummyHash: Promise<string> | null = null;
  private readonly budgets: AttemptBudgets;

  constructor(
    private readonly repository: AuthRepository,
    private readonly sessions: SessionsService,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly botCheck: BotCheckService,
    private readonly secret: ServerSecret,
    private readonly publicUrl: string,
  ) {
    this.budgets = new AttemptBudgets(limiter);
  }

  /**
   * Codes are stored as a keyed hash, bound to address and purpose so one cannot stand in for
   * another; without the server's secret a copied database does not reveal them.
   */
  private codeHash(email: string, purpose: CodePurpose, code: string): string {
    return this.secret.hash('code', `${purpose}:${email}:${code}`);
  }

  /** Who asked for a code: a keyed hash of the client's address, never the address itself. */
  private requester(client: ClientInfo): string {
    return this.secret.hash('requester', addressBucket(client.ip));
  }

  async register(body: RegisterBody, client: ClientInfo, altchaHeader?: string): Promise<LoggedIn> {
    const problem = (
      [
        ['name', validateName(body.name)],
        ['email', validateEmail(body.email)],
        ['password', validatePasswordPair(body.password, body.cpassword)],
        ['DOB', validateDateOfBirth(body.DOB)],
        ['gender', validateGender(body.gender)],
      ] as const
    ).find(([, message]) => message !== null);
    if (problem) throw badRequest(problem[1]!, problem[0]);

    // The check comes before the duplicate test, so bots cannot use sign-up to probe addresses.
    await this.passBotCheck(body.altcha ?? altchaHeader, client);

    const email = normalizeEmail(body.email!);
    if (await this.repository.findUserByEmail(email)) throw conflict(MESSAGES.duplicate);
    const row = await this.repository.insertUser({
      email,
      name: body.name!.trim(),
      passwordHash: await hashPassword(body.password!),
      dateOfBirth: body.DOB!,
      gender: body.gender!,
      now: new Date().toISOString(),
    });
    if (!row) throw conflict(MESSAGES.duplicate);
    return this.logIn(row, { persistent: true, client, message: MESSAGES.registered });
  }

  /**
   * Sign-up's first step asks whether an address is free, so a listener learns it is taken before
   * three more steps. It tells no more than registering does (which responds 'already exists'),
   * under the same conditions: a bot-check solution, or without one the same small budget per
   * client address that registering without one spends.
   */
  async checkEmailFree(
    body: CheckEmailBody,
    client: ClientInfo,
    altchaHeader?: string,
  ): Promise<{ message: string }> {
    const invalid = validateEmail(body.email);
    if (invalid) throw badRequest(invalid, 'email');
    await this.passBotCheck(body.altcha ?? altchaHeader, client);
    if (await this.repository.findUserByEmail(normalizeEmail(body.email!))) {
      throw conflict(MESSAGES.duplicate);
    }
    return { message: MESSAGES.emailFree };
  }

  /** A solved bot check, or else one of the few sign-up calls an address may make without. */
  private async passBotCheck(solution: string | undefined, client: ClientInfo): Promise<void> {
    if (solution) {
      await this.botCheck.verify(solution);
      return;
    }
    await this.limiter.hit(
      `register-unchecked:ip:${addressBucket(client.ip)}`,
      REGISTER_WITHOUT_CHECK_PER_IP,
    );
  }

  /** Sends a login code. The response is the same whether or not the address has an account. */
  sendLoginCode(rawEmail: string | undefined, client: ClientInfo): Promise<CodeSentResponse> {
    return this.sendCode(rawEmail, 'login', client);
  }

  sendResetCode(rawEmail: string | undefined, client: ClientInfo): Promise<CodeSentResponse> {
    return this.sendCode(rawEmail, 'reset', client);
  }

  /**
   * A code belongs to the client address that asked for it: only a request from there replaces
   * it or is checked against it, so codes asked for elsewhere cannot push the owner's code out.
   */
  private async sendCode(
    rawEmail: string | undefined,
    purpose: CodePurpose,
    client: ClientInfo,
  ): Promise<CodeSentResponse> {
    const invalid = validateEmail(rawEmail);
    if (invalid) throw badRequest(invalid, 'email');
    const email = normalizeEmail(rawEmail!);
    const requestedBy = this.requester(client);
    const now = Date.now();
    // Asking again within the wait, while the code just sent still works, leads to that code: a
    // listener who went back and pressed Continue again has it in their inbox, and a second mail
    // would only race the first. A code used up or out of tries is replaced at once.
    const live = await this.repository.liveCode(
      email,
      purpose,
      requestedBy,
      new Date(now).toISOString(),
    );
    if (live && live.attempts < OTP_MAX_ATTEMPTS) {
      const wait = OTP_RESEND_SECONDS - (now - Date.parse(live.createdAt)) / 1000;
      if (wait > 0) return { message: MESSAGES.codeAlreadySent, resendAfter: Math.ceil(wait) };
    }
    const address = addressBucket(client.ip);
    await this.budgets.check('code-send', BUDGETS.codesSent, email, address);
    await this.budgets.spend('code-send', BUDGETS.codesSent, email, address);

    const user = await this.repository.findUserByEmail(email);
    const createdAt = new Date(now).toISOString();
    const expiresAt = new Date(now + OTP_TTL_MINUTES * MINUTE).toISOString();
    if (!user) {
      // A live placeholder that no code matches: wrong codes for an unknown address then get the
      // same responses, from the same statements, as for a real account.
      await this.repository.replaceCode({
        email,
        purpose,
        requestedBy,
        codeHash: this.secret.hash('placeholder', randomBytes(16).toString('hex')),
        createdAt,
        expiresAt,
      });
      await this.mailer.send(noAccountMail(email, this.publicUrl));
    } else {
      const code = newCode();
      await this.repository.replaceCode({
        email,
        purpose,
        requestedBy,
        codeHash: this.codeHash(email, purpose, code),
        createdAt,
        expiresAt,
      });
      const mail =
        purpose === 'login'
          ? loginCodeMail(email, code, OTP_TTL_MINUTES)
          : resetCodeMail(email, code, OTP_TTL_MINUTES);
      await this.mailer.send(mail);
    }
    return { message: MESSAGES.codeSent, resendAfter: OTP_RESEND_SECONDS };
  }

  /** Checks a code and uses it up; throws the message the code-entry screen shows. */
  private async spendCode(
    rawEmail: string | undefined,
    rawCode: string | number | undefined,
    purpose: CodePurpose,
    client: ClientInfo,
  ): Promise<UserRow> {
    const invalid = validateEmail(rawEmail);
    if (invalid) throw badRequest(invalid, 'email');
    const code = codeText(rawCode);
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code))
      throw badRequest(MESSAGES.codeRequired, 'otp');
    const email = normalizeEmail(rawEmail!);
    const address = addressBucket(client.ip);
    await this.budgets.check('wrong-code', BUDGETS.wrongCodes, email, address);

    const now = new Date().toISOString();
    const live = await this.repository.liveCode(email, purpose, this.requester(client), now);
    if (!live) throw badRequest(MESSAGES.codeExpired, 'otp');
    if (!(await this.repository.takeAttempt(live.id, OTP_MAX_ATTEMPTS))) {
      throw badRequest(MESSAGES.codeExhausted, 'otp');
    }
    if (!safeEqual(this.codeHash(email, purpose, code), live.codeHash)) {
      await this.budgets.spend('wrong-code', BUDGETS.wrongCodes, email, address);
      throw badRequest(
        live.attempts + 1 >= OTP_MAX_ATTEMPTS ? MESSAGES.codeExhausted : MESSAGES.codeWrong,
        'otp',
      );
    }
    if (!(await this.repository.consumeCode(live.id, now))) {
      throw badRequest(MESSAGES.codeExpired, 'otp');
    }
    const user = await this.repository.findUserByEmail(email);
    if (!user) throw badRequest(MESSAGES.codeExpired, 'otp');
    if (user.is_blocked) throw forbidden(MESSAGES.suspended);
    return user;
  }

  async verifyLoginCode(
    rawEmail: string | undefined,
    rawCode: string | number | undefined,
    remember: boolean,
    client: ClientInfo,
  ): Promise<LoggedIn> {
    const user = await this.spendCode(rawEmail, rawCode, 'login', client);
    return this.logIn(user, { persistent: remember, client, message: MESSAGES.loggedIn });
  }

  async resetPassword(
    input: {
      email?: string;
      code?: string | number;
      password?: string;
      cpassword?: string;
      remember: boolean;
    },
    client: ClientInfo,
  ): Promise<LoggedIn> {
    const weak = validatePasswordPair(input.password, input.cpassword);
    if (weak) throw badRequest(weak, 'password');
    const user = await this.spendCode(input.email, input.code, 'reset', client);
    await this.repository.setPassword(
      user.id,
      await hashPassword(input.password!),
      new Date().toISOString(),
    );
    // Whoever knew the old password is logged out everywhere.
    await this.sessions.revokeAllForUser(user.id);
    return this.logIn(user, {
      persistent: input.remember,
      client,
      message: MESSAGES.passwordReset,
    });
  }

  /**
   * Password login for listeners and administrators alike (an administrator who uses the user
   * form is told `isAdmin: true` and lands in the admin area). `adminOnly` is the admin form.
   */
  async loginWithPassword(
    input: { email?: string; password?: string; remember: boolean },
    client: ClientInfo,
    options: { adminOnly: boolean } = { adminOnly: false },
  ): Promise<LoggedIn> {
    const email = normalizeEmail(input.email ?? '');
    if (!email || !input.password) {
      throw badRequest(options.adminOnly ? MESSAGES.adminBothRequired : MESSAGES.bothRequired);
    }
    const address = addressBucket(client.ip);
    await this.budgets.check('wrong-password', BUDGETS.wrongPasswords, email, address);
    const user = await this.repository.findUserByEmail(email);
    // Unknown addresses cost the same hashing time, so timing does not reveal accounts.
    this.dummyHash ??= hashPassword('not-a-real-password-0');
    const ok = await verifyPassword(user?.password_hash ?? (await this.dummyHash), input.password);
    if (!user || !ok) {
      await this.budgets.spend('wrong-password', BUDGETS.wrongPasswords, email, address);
      throw unauthorized(MESSAGES.wrongCredentials);
    }
    // Only someone who knows the password learns that the account is blocked.
    if (user.is_blocked) throw forbidden(MESSAGES.suspended);
    if (options.adminOnly && user.role !== 'admin') throw forbidden(MESSAGES.notAdmin);
    await this.budgets.forgive('wrong-password', email, address);
    return this.logIn(user, {
      persistent: input.remember,
      client,
      message: MESSAGES.loggedIn,
    });
  }

  async me(
    userId: number,
  ): Promise<{ user: AuthUser; isAdmin: boolean; admin: ReturnType<typeof adminSummary> }> {
    const row = await this.repository.findUserById(userId);
    if (!row) throw unauthorized();
    return { user: presentAuthUser(row), isAdmin: row.role === 'admin', admin: adminSummary(row) };
  }

  logout(sessionId: number): Promise<void> {
    return this.sessions.revoke(sessionId);
  }

  private async logIn(
    row: UserRow,
    options: { persistent: boolean; client: ClientInfo; message: string },
  ): Promise<LoggedIn> {
    const session = await this.sessions.create(row.id, {
      persistent: options.persistent,
      userAgent: options.client.userAgent,
      ip: options.client.ip,
    });
    const user = presentAuthUser(row);
    const admin = adminSummary(row);
    return {
      session,
      response: {
        message: options.message,
        token: session.token,
        isAdmin: user.isAdmin,
        user,
        admin,
        data: { ...user, token: session.token, admin },
      },
    };
  }
}
