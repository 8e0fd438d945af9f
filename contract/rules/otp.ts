/** One-time codes (login, sign-up, password reset); plain values the web app may import. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** Seconds between two codes for the same address ('Resend code' shows the wait). */
export const OTP_RESEND_SECONDS = 30;
