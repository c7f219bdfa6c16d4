import { CAPTCHA_MODES, type CaptchaVersion } from '@/lib/captcha-public-env';

// The captcha helper's errors, worded as the specification's catalogue (section 8). They are for
// the console and error reports; visitors see the translated captcha messages of the form.
export const CAPTCHA_ERRORS = {
  noKey: 'ReCaptcha error: No key provided',
  noVersion: 'ReCaptcha error: No version provided',
  loadScript: 'ReCaptcha error: Failed to load script',
  execute: (reason: string) => `ReCaptcha error: Failed to execute ${reason}`.trimEnd(),
} as const;

export { CAPTCHA_MODES, type CaptchaVersion };

export interface CaptchaSettings {
  mode: CaptchaVersion;
  /** The site key of the mode's widget (v3 key in v3 mode, else the v2 key). */
  siteKey: string;
  /** v3 mode with a v2 key: the checkbox a visitor whose score was too low is shown. */
  checkboxKey?: string;
}

/** A site key and a version are required before anything is loaded. */
export function assertCaptchaSettings(siteKey: string | undefined, version: CaptchaVersion | undefined): void {
  if (!siteKey) throw new Error(CAPTCHA_ERRORS.noKey);
  if (!version) throw new Error(CAPTCHA_ERRORS.noVersion);
}

export interface CaptchaEnv {
  NEXT_PUBLIC_RECAPTCHA_MODE?: string;
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY?: string;
  NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY?: string;
}

/** The forms' captcha, or null when no site key is set (off); throws the catalogue's text when incomplete. */
export function captchaSettings(env: CaptchaEnv): CaptchaSettings | null {
  const v3Key = env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY;
  const v2Key = env.NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY;
  if (!v3Key && !v2Key) return null;
  const raw = env.NEXT_PUBLIC_RECAPTCHA_MODE || 'v3';
  const mode = (CAPTCHA_MODES as readonly string[]).includes(raw) ? (raw as CaptchaVersion) : undefined;
  // An unknown mode is named as such (a key is there), not as a missing key.
  const siteKey = mode === 'v3' ? v3Key : mode ? v2Key : (v3Key ?? v2Key);
  assertCaptchaSettings(siteKey, mode);
  return { mode: mode!, siteKey: siteKey!, checkboxKey: mode === 'v3' ? v2Key : undefined };
}

/** Runs a widget's execute for an action; a missing script or a failed execute throws the catalogue's text. */
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

/** The checkbox's response; not ticked yet is the catalogue's bare "Failed to execute". */
export function checkboxToken(response: string | undefined): string {
  if (!response) throw new Error(CAPTCHA_ERRORS.execute(''));
  return response;
}
