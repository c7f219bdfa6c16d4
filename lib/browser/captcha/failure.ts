import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';

export type CaptchaFailureCode = 'captcha_unticked' | 'captcha_unavailable' | 'captcha_cancelled';

/**
 * A captcha that could not run in the browser, shaped as the API's 400 answer, so every form
 * shows its translated message the way it shows the server's (apiErrorBody, serverError).
 */
export function captchaFailure(code: CaptchaFailureCode, message: string): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status: 400, statusText: 'Bad Request', headers: {}, config, data: { error: { code, message } } };
  return new AxiosError(message, 'ERR_CAPTCHA', config, undefined, response);
}
