import type { MailMessage } from './mailer.ts';

/** The one-time code mail; the code leads the subject so phones show it in the notification. */
export function loginCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `${code} is your Chorus login code`,
    text: [
      `Your Chorus login code is ${code}.`,
      '',
      `It works once and expires in ${minutes} minutes.`,
      'If you did not try to log in, you can ignore this e-mail: nobody can log in without the code.',
    ].join('\n'),
  };
}

export function resetCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `${code} is your Chorus password reset code`,
    text: [
      `Your Chorus password reset code is ${code}.`,
      '',
      `It works once and expires in ${minutes} minutes.`,
      'If you did not ask to reset your password, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * Sent instead of a code when no account uses the address, so the response to the request itself
 * does not tell anyone whether an address has an account.
 */
export function noAccountMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Chorus login',
    text: [
      'Someone asked for a Chorus code for this e-mail address, but no Chorus account uses it.',
      '',
      `To create one, sign up at ${publicUrl}/signup`,
      'If this was not you, you can ignore this e-mail.',
    ].join('\n'),
  };
}
