import type { Page } from '@playwright/test';

/**
 * A stand-in for Google's browser script (https://www.google.com/recaptcha/api.js), which cannot be
 * loaded here, served in its place by the page's router: the same `grecaptcha` calls our loader and
 * widgets use (ready, execute, render, reset, getResponse), with tokens the local siteverify
 * understands (e2e/captcha-setup.ts). `score: 'low'` makes every v3 token one with a score too low.
 * A rendered checkbox is a real checkbox labelled "I'm not a robot"; ticking it calls the widget's
 * callback with a v2 token, as Google's does.
 */
export async function serveRecaptchaWidget(page: Page, { score }: { score: 'ok' | 'low' }) {
  const script = `(() => {
    const low = ${JSON.stringify(score === 'low')};
    const token = (prefix) => prefix + Math.random().toString(36).slice(2) + Date.now().toString(36);
    const widgets = [];
    window.grecaptcha = {
      ready: (cb) => setTimeout(cb, 0),
      execute(keyOrId, options) {
        if (typeof keyOrId === 'number') {
          const w = widgets[keyOrId];
          setTimeout(() => w.params.callback && w.params.callback((w.response = token('v2-'))), 0);
          return;
        }
        return Promise.resolve(token('act-' + options.action + '-') + (low ? '-low' : ''));
      },
      render(container, params) {
        const id = widgets.length;
        const w = { params, response: '' };
        widgets.push(w);
        if (params.size !== 'invisible') {
          const label = document.createElement('label');
          const box = document.createElement('input');
          box.type = 'checkbox';
          box.dataset.sitekey = params.sitekey;
          box.addEventListener('change', () => {
            w.response = box.checked ? token('v2-') : '';
            if (box.checked && params.callback) params.callback(w.response);
          });
          w.box = box;
          label.append(box, " I'm not a robot");
          container.append(label);
        }
        return id;
      },
      reset(id) {
        const w = widgets[id ?? 0];
        if (!w) return;
        w.response = '';
        if (w.box) w.box.checked = false;
      },
      getResponse: (id) => (widgets[id ?? 0] || {}).response || '',
    };
  })();`;
  await page.route('https://www.google.com/recaptcha/api.js*', (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
}
