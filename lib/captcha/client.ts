// The captcha helper's errors, worded as the specification's catalogue (section 8). They are for
// the console and error reports; visitors see the translated captcha message of the form.
export const CAPTCHA_ERRORS = {
  noKey: 'ReCaptcha error: No key provided',
  noVersion: 'ReCaptcha error: No version provided',
  loadScript: 'ReCaptcha error: Failed to load script',
  execute: (reason: string) => `ReCaptcha error: Failed to execute ${reason}`.trimEnd(),
} as const;

export type CaptchaVersion = 'v3';

/** A site key and a version are required before anything is loaded. */
export function assertCaptchaSettings(siteKey: string | undefined, version: CaptchaVersion | undefined): void {
  if (!siteKey) throw new Error(CAPTCHA_ERRORS.noKey);
  if (!version) throw new Error(CAPTCHA_ERRORS.noVersion);
}

/** Runs the v3 execute for an action; a missing script or a failed execute throws the catalogue's text. */
export async function executeCaptcha(exec: ((action: string) => Promise<string>) | undefined, action: string): Promise<string> {
  if (!exec) throw new Error(CAPTCHA_ERRORS.loadScript);
  let token: string;
  try {
    token = await exec(action);
  } catch (err) {
    throw new Error(CAPTCHA_ERRORS.execute(err instanceof Error ? err.message : String(err ?? '')));
  }
  if (!token) throw new Error(CAPTCHA_ERRORS.execute('no token'));
  return token;
}
