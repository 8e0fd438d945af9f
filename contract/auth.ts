import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/*
 * The account calls (their wire shapes: docs/original-client.md). Request fields are optional strings on purpose: the
 * shared rules in contract/rules/ produce the same messages the client shows ('Email is required'…),
 * rather than a schema validator's wording.
 */
const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

export const RegisterBody = Type.Object({
  name: Text(100),
  email: Text(254),
  password: Text(1024),
  cpassword: Text(1024),
  DOB: Text(20),
  gender: Text(40),
  /** The solved bot-check challenge (base64 JSON); also accepted in the `X-Altcha` header. */
  altcha: Text(4096),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const EmailBody = Type.Object({ email: Text(254) });
export type EmailBody = Static<typeof EmailBody>;

/** Sign-up's step 1: is this address free? With the bot-check solution, as registering takes it. */
export const CheckEmailBody = Type.Object({ email: Text(254), altcha: Text(4096) });
export type CheckEmailBody = Static<typeof CheckEmailBody>;

export const VerifyOtpBody = Type.Object({
  email: Text(254),
  otp: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()])),
  /** The original client may call it `code`. */
  code: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()])),
  remember: Type.Optional(Type.Boolean()),
});
export type VerifyOtpBody = Static<typeof VerifyOtpBody>;

export const LoginBody = Type.Object({
  email: Text(254),
  password: Text(1024),
  /** 'Remember me': a 30-day cookie when true, a browser-session cookie when false. */
  remember: Type.Optional(Type.Boolean()),
});
export type LoginBody = Static<typeof LoginBody>;

export const ResetPasswordBody = Type.Object({
  email: Text(254),
  otp: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()])),
  code: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()])),
  password: Text(1024),
  cpassword: Text(1024),
  remember: Type.Optional(Type.Boolean()),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** An account as responses show it: never a password hash, never a code. */
export const AuthUser = Type.Object({
  _id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  isAdmin: Type.Boolean(),
  isBlocked: Type.Boolean(),
  isPremium: Type.Boolean(),
  DOB: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type AuthUser = Static<typeof AuthUser>;

export const AdminSummary = Type.Object({
  _id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
});

/**
 * What every login responds (docs/original-client.md): the original client stores the whole body, reads
 * `token`, `isAdmin`, `user` and `admin.username`; registration's `data` is the user with a token,
 * which that client stores as the user after sign-up and whose `admin.username` its profile then
 * prints, so `data` carries `admin` too.
 */
export const LoginResponse = Type.Object({
  message: Type.String(),
  token: Type.String(),
  isAdmin: Type.Boolean(),
  user: AuthUser,
  admin: AdminSummary,
  data: Type.Object({ ...AuthUser.properties, token: Type.String(), admin: AdminSummary }),
});
export type LoginResponse = Static<typeof LoginResponse>;

export const MeResponse = Type.Object({
  user: AuthUser,
  isAdmin: Type.Boolean(),
  admin: AdminSummary,
});
export type MeResponse = Static<typeof MeResponse>;

export const CodeSentResponse = Type.Object({
  message: Type.String(),
  /** Seconds before another code may be requested for this address. */
  resendAfter: Type.Integer(),
});
export type CodeSentResponse = Static<typeof CodeSentResponse>;

/** An ALTCHA-style proof-of-work challenge (see contract/rules/bot-check.ts). */
export const BotChallenge = Type.Object({
  algorithm: Type.Literal('SHA-256'),
  challenge: Type.String(),
  maxnumber: Type.Integer(),
  salt: Type.String(),
  signature: Type.String(),
});
export type BotChallenge = Static<typeof BotChallenge>;

// Kept in rules/ so the web app can use them without loading TypeBox.
export {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
} from './rules/otp.ts';
