import type { Portal } from './portal.js';

/** The OTP of the newest verification-code email to `email`, waiting until one newer than `after` arrives. */
export async function otpMailedTo(portal: Portal, email: string, after: number): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const messages = (await portal.messagesTo(email)).filter((message) => message.subject.startsWith('Your Verigate verification code'));
    if (messages.length > after) return messages[0]!.text.match(/^(\d{6})$/m)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification code mailed to ${email}`);
}

export async function otpCount(portal: Portal, email: string): Promise<number> {
  return (await portal.messagesTo(email)).filter((message) => message.subject.startsWith('Your Verigate verification code')).length;
}
