// A local fake of Halyk ePay (docs/payments.md, "The local fake"): the same documented protocol over
// real HTTP, for development, `npm start` without merchant credentials, and the tests.
//  - POST /oauth2/token (form data): client credentials → a Bearer token; with invoiceID, amount,
//    currency, terminal, postLink, failurePostLink and secret_hash it also opens that invoice.
//  - GET  /payform/payment-api.js: the JS library; `halyk.pay(paymentObject)` opens the hosted page.
//  - GET  /payform/?params=…: the hosted page (card form). Card data stays here, never reaches the shop.
//  - POST /payform/pay, /payform/3ds: the card and the 3-D Secure code; then postLink or
//    failurePostLink (JSON) and the browser back to backLink / failureBackLink.
//  - GET  /check-status/payment/transaction/:invoiceId (Bearer): the transaction's status.
//  - POST /operation/:id/refund?amount=&externalID= (Bearer): a full or partial refund.
//  - POST /_fake/control {notify: 'normal'|'drop'|'twice'|'late', delayMs}: how the next notifications go.
//  - POST /_fake/notify/:invoiceId: send the invoice's notification again (a late or repeated postLink).
// Test cards (any future expiry, any CVC): see TEST_CARDS below; the 3-D Secure code is 1234.
// Plain ESM: server.mjs and the tests import it.
import crypto from 'node:crypto';
import http from 'node:http';

export const TEST_CARDS = {
  '4405639704015096': { outcome: 'approve', label: 'approved' },
  '5522042705066736': { outcome: '3ds', label: 'approved after a 3-D Secure code' },
  '4003032704547597': { outcome: 'decline', label: 'declined: insufficient funds' },
  '4111111111111111': { outcome: 'approve', notify: 'late', label: 'approved, the notification comes 5 s late' },
  '4242424242424242': { outcome: 'approve', notify: 'twice', label: 'approved, the notification comes twice' },
  '4000000000000002': { outcome: 'approve', notify: 'drop', label: 'approved, the notification never comes' },
};
export const THREE_DS_CODE = '1234';
export const FAKE_CREDENTIALS = { clientId: 'tilmen-fake', clientSecret: 'fake-epay-secret-0123456789', terminal: '00000000-fake-4000-8000-000000000001' };

/** The hosted page's words in the payment's language (ePay's `language`: rus, kaz, eng). */
export const WORDS = {
  eng: { note: 'ePay test environment (local fake): no real money moves.', payment: 'Payment of', card: 'Card number', exp: 'Expiry (MM/YY)', cvc: 'CVC', pay: 'Pay', cancel: 'Cancel and go back', cards: 'Test cards', code3ds: '3-D Secure code', sent: 'Your bank sent a code to confirm the payment of', code: 'Confirmation code', confirm: 'Confirm' },
  rus: { note: 'Тестовая среда ePay (локальная имитация): реальные деньги не списываются.', payment: 'Оплата', card: 'Номер карты', exp: 'Срок действия (ММ/ГГ)', cvc: 'CVC', pay: 'Оплатить', cancel: 'Отменить и вернуться', cards: 'Тестовые карты', code3ds: 'Код 3-D Secure', sent: 'Банк отправил код для подтверждения оплаты', code: 'Код подтверждения', confirm: 'Подтвердить' },
  kaz: { note: 'ePay сынақ ортасы (жергілікті еліктеу): нақты ақша алынбайды.', payment: 'Төлем', card: 'Карта нөмірі', exp: 'Жарамдылық мерзімі (АА/ЖЖ)', cvc: 'CVC', pay: 'Төлеу', cancel: 'Бас тартып, қайту', cards: 'Сынақ карталары', code3ds: '3-D Secure коды', sent: 'Банк төлемді растау үшін код жіберді:', code: 'Растау коды', confirm: 'Растау' },
};
const wordsOf = (language) => WORDS[language] ?? WORDS.eng;

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, body, w = WORDS.eng) =>
  `<!doctype html><html lang="${w === WORDS.rus ? 'ru' : w === WORDS.kaz ? 'kk' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>` +
  `<style>body{font:16px system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}label{display:block;margin:.8rem 0 .2rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}button{font:inherit;padding:.6rem 1.2rem;margin:1rem .5rem 0 0}.note{background:#fff4d6;padding:.6rem;border-radius:.4rem}code{font-size:.9rem}</style></head>` +
  `<body><p class="note">${esc(w.note)}</p>${body}</body></html>`;

async function readBody(req, limit = 65536) {
  const chunks = [];
  let size = 0;
  for await (const c of req) {
    size += c.length;
    if (size > limit) throw new Error('too large');
    chunks.push(c);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Form fields from urlencoded or multipart/form-data (the documentation's "Body: form-data"). */
function parseForm(text, type = '') {
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=([^;]+)/.exec(type)?.[1];
    const out = {};
    if (!boundary) return out;
    for (const part of text.split(`--${boundary}`)) {
      const m = /name="([^"]+)"\r?\n\r?\n([\s\S]*?)\r?\n?$/.exec(part.replace(/\r?\n$/, ''));
      if (m) out[m[1]] = m[2];
    }
    return out;
  }
  if (type.startsWith('application/json')) {
    try {
      return JSON.parse(text);
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * Starts the fake on `port` (0: any free port). Returns its base URL, its state and `close()`.
 * `log(line)` gets one line per event (never a card number: only the last four digits).
 */
export async function startFakeEpay({ port = 0, host = '127.0.0.1', credentials = FAKE_CREDENTIALS, lateMs = 5000, log = () => {} } = {}) {
  const tokens = new Map(); // access_token → { invoiceId | null, expires }
  const invoices = new Map(); // invoiceId → invoice
  const control = { notify: 'normal', delayMs: lateMs };
  const timers = new Set();
  let base = '';

  const send = (res, status, body, headers = {}) => {
    const isText = typeof body === 'string';
    res.writeHead(status, { 'content-type': isText ? 'text/html; charset=utf-8' : 'application/json', 'cache-control': 'no-store', ...headers });
    res.end(isText ? body : JSON.stringify(body));
  };
  const bearer = (req) => {
    const t = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const entry = t ? tokens.get(t) : undefined;
    return entry && entry.expires > Date.now() ? entry : null;
  };

  /** The postLink / failurePostLink body, as the documentation lists it. */
  const notification = (inv) => ({
    id: inv.txId,
    dateTime: new Date(inv.updatedAt).toISOString(),
    invoiceId: inv.invoiceId,
    amount: inv.amount,
    currency: inv.currency,
    terminal: inv.terminal,
    accountId: inv.accountId ?? '',
    description: inv.description ?? '',
    language: inv.language ?? 'rus',
    cardMask: inv.cardMask,
    cardType: inv.cardMask?.startsWith('4') ? 'VISA' : 'MC',
    issuer: 'TEST BANK',
    reference: inv.reference,
    approvalCode: inv.status === 'CHARGE' ? inv.approvalCode : '',
    secure: inv.secure ? 'yes' : 'no',
    code: inv.status === 'CHARGE' ? 'ok' : 'error',
    reason: inv.reason,
    reasonCode: inv.reasonCode,
    name: inv.name ?? '',
    email: '',
    phone: '',
    secret_hash: inv.secretHash ?? '',
  });

  async function postOnce(inv) {
    const url = inv.status === 'CHARGE' ? inv.postLink : inv.failurePostLink;
    if (!url) return;
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(notification(inv)) });
      log(`[fake-epay] notified ${inv.invoiceId} (${inv.status}) → ${res.status}`);
      inv.notified = (inv.notified ?? 0) + 1;
    } catch (err) {
      log(`[fake-epay] notification of ${inv.invoiceId} failed: ${err.message}`);
    }
  }

  function notify(inv, mode) {
    const how = mode ?? (control.notify !== 'normal' ? control.notify : 'normal');
    if (how === 'drop') return log(`[fake-epay] notification of ${inv.invoiceId} dropped`);
    if (how === 'late') {
      const t = setTimeout(() => {
        timers.delete(t);
        void postOnce(inv);
      }, control.delayMs);
      timers.add(t);
      return;
    }
    void postOnce(inv).then(() => (how === 'twice' ? postOnce(inv) : undefined));
  }

  function settle(inv, approved, reason) {
    inv.status = approved ? 'CHARGE' : 'FAILED';
    inv.reason = approved ? 'success' : reason;
    inv.reasonCode = approved ? 0 : 2092;
    inv.approvalCode = String(crypto.randomInt(100000, 999999));
    inv.reference = String(crypto.randomInt(100000000000, 999999999999));
    inv.updatedAt = Date.now();
    log(`[fake-epay] ${inv.invoiceId}: ${inv.status} (card …${inv.cardMask?.slice(-4)})`);
  }

  const back = (inv) => (inv.status === 'CHARGE' ? inv.backLink : inv.failureBackLink) || inv.backLink || base;

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', base);
    const p = url.pathname;
    if (req.method === 'POST' && p === '/oauth2/token') {
      const f = parseForm(await readBody(req), req.headers['content-type']);
      if (f.grant_type !== 'client_credentials' || f.client_id !== credentials.clientId || f.client_secret !== credentials.clientSecret) {
        return send(res, 401, { code: 100, message: 'invalid client' });
      }
      if (f.terminal && f.terminal !== credentials.terminal) return send(res, 400, { code: 100, message: 'unknown terminal' });
      const token = crypto.randomBytes(16).toString('base64url');
      const expiresIn = f.invoiceID ? 1200 : 7200;
      if (f.invoiceID) {
        if (!/^\d{6,15}$/.test(f.invoiceID)) return send(res, 400, { code: 100, message: 'invoiceID must be 6 to 15 digits' });
        const amount = Number(f.amount);
        if (!(amount > 0)) return send(res, 400, { code: 100, message: 'bad amount' });
        const known = invoices.get(f.invoiceID);
        if (known && known.status !== 'NEW') return send(res, 400, { code: 100, message: 'invoiceID already used' });
        invoices.set(f.invoiceID, {
          invoiceId: f.invoiceID,
          amount,
          currency: f.currency || f.curency || 'KZT',
          terminal: f.terminal || credentials.terminal,
          postLink: f.postLink || '',
          failurePostLink: f.failurePostLink || '',
          secretHash: f.secret_hash || '',
          status: 'NEW',
          txId: crypto.randomUUID(),
          createdAt: Date.now(),
          updatedAt: Date.now(),
        });
      }
      tokens.set(token, { invoiceId: f.invoiceID ?? null, expires: Date.now() + expiresIn * 1000 });
      return send(res, 200, { access_token: token, expires_in: expiresIn, refresh_token: '', scope: f.scope ?? 'payment', token_type: 'Bearer' });
    }
    if (req.method === 'GET' && p === '/payform/payment-api.js') {
      const js = `window.halyk={pay:function(o){var s=JSON.stringify(o);var b=btoa(unescape(encodeURIComponent(s)));location.assign(${JSON.stringify(`${base}/payform/`)}+'?params='+encodeURIComponent(b));}};`;
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
      return res.end(js);
    }
    if (req.method === 'GET' && (p === '/payform/' || p === '/payform')) {
      let o;
      try {
        o = JSON.parse(Buffer.from(url.searchParams.get('params') ?? '', 'base64').toString('utf8'));
      } catch {
        return send(res, 400, page('Error', '<h1>Bad payment request</h1>'));
      }
      const token = o?.auth?.access_token;
      const entry = token ? tokens.get(token) : undefined;
      const inv = entry && entry.invoiceId === String(o.invoiceId) ? invoices.get(String(o.invoiceId)) : undefined;
      if (!inv || entry.expires < Date.now()) return send(res, 401, page('Error', '<h1>The payment link has expired or is invalid</h1>'));
      if (Number(o.amount) !== inv.amount || (o.terminal && o.terminal !== inv.terminal)) return send(res, 400, page('Error', '<h1>The payment does not match its token</h1>'));
      Object.assign(inv, { backLink: o.backLink, failureBackLink: o.failureBackLink, description: o.description, language: o.language, accountId: o.accountId, name: o.name });
      if (o.postLink) inv.postLink = o.postLink;
      if (o.failurePostLink) inv.failurePostLink = o.failurePostLink;
      if (inv.status !== 'NEW') return send(res, 303, '', { location: back(inv) });
      const w = wordsOf(inv.language);
      const cards = Object.entries(TEST_CARDS).map(([n, c]) => `<li><code>${n.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: ${esc(c.label)}</li>`).join('');
      return send(
        res,
        200,
        page(
          `ePay — ${w.payment}`,
          `<h1>${esc(w.payment)} ${esc(inv.amount)} ${esc(inv.currency)}</h1><p>${esc(inv.description ?? '')}</p>` +
            `<form method="post" action="/payform/pay"><input type="hidden" name="invoiceId" value="${esc(inv.invoiceId)}"><input type="hidden" name="token" value="${esc(token)}">` +
            `<label for="pan">${esc(w.card)}</label><input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" required>` +
            `<label for="exp">${esc(w.exp)}</label><input id="exp" name="exp" autocomplete="cc-exp" value="12/30" required>` +
            `<label for="cvc">${esc(w.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123" required>` +
            `<button type="submit">${esc(w.pay)}</button><a href="/payform/cancel?invoiceId=${esc(inv.invoiceId)}&amp;token=${esc(token)}">${esc(w.cancel)}</a></form>` +
            `<h2>${esc(w.cards)}</h2><ul>${cards}</ul><p>${esc(w.code3ds)}: <code>${THREE_DS_CODE}</code></p>`,
          w,
        ),
      );
    }
    if (req.method === 'GET' && p === '/payform/cancel') {
      const inv = invoices.get(url.searchParams.get('invoiceId') ?? '');
      const entry = tokens.get(url.searchParams.get('token') ?? '');
      if (!inv || !entry || entry.invoiceId !== inv.invoiceId) return send(res, 400, page('Error', '<h1>Unknown payment</h1>'));
      log(`[fake-epay] ${inv.invoiceId}: abandoned on the hosted page`);
      return send(res, 303, '', { location: inv.failureBackLink || inv.backLink || base });
    }
    if (req.method === 'POST' && (p === '/payform/pay' || p === '/payform/3ds')) {
      const f = parseForm(await readBody(req), req.headers['content-type']);
      const inv = invoices.get(f.invoiceId ?? '');
      const entry = tokens.get(f.token ?? '');
      if (!inv || !entry || entry.invoiceId !== inv.invoiceId || entry.expires < Date.now()) return send(res, 401, page('Error', '<h1>The payment link has expired or is invalid</h1>'));
      if (inv.status !== 'NEW' && !(p === '/payform/3ds' && inv.status === '3DS')) return send(res, 303, '', { location: back(inv) });
      if (p === '/payform/pay') {
        const pan = String(f.pan ?? '').replace(/\D/g, '');
        const card = TEST_CARDS[pan];
        inv.cardMask = pan.length >= 12 ? `${pan.slice(0, 6)}...${pan.slice(-4)}` : '';
        inv.notifyMode = card?.notify;
        if (!card || card.outcome === 'decline') {
          settle(inv, false, card ? 'Insufficient funds' : 'Card not accepted in the test environment');
          notify(inv, inv.notifyMode);
          return send(res, 303, '', { location: back(inv) });
        }
        if (card.outcome === '3ds') {
          inv.status = '3DS';
          const w = wordsOf(inv.language);
          return send(
            res,
            200,
            page(
              '3-D Secure',
              `<h1>3-D Secure</h1><p>${esc(w.sent)} ${esc(inv.amount)} ${esc(inv.currency)}.</p>` +
                `<form method="post" action="/payform/3ds"><input type="hidden" name="invoiceId" value="${esc(inv.invoiceId)}"><input type="hidden" name="token" value="${esc(f.token)}">` +
                `<label for="code">${esc(w.code)}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required><button type="submit">${esc(w.confirm)}</button></form>`,
              w,
            ),
          );
        }
        inv.secure = false;
        settle(inv, true);
        notify(inv, inv.notifyMode);
        return send(res, 303, '', { location: back(inv) });
      }
      // 3-D Secure code
      inv.secure = true;
      settle(inv, String(f.code ?? '').trim() === THREE_DS_CODE, '3-D Secure authentication failed');
      notify(inv, inv.notifyMode);
      return send(res, 303, '', { location: back(inv) });
    }
    const status = /^\/check-status\/payment\/transaction\/([^/]+)$/.exec(p);
    if (req.method === 'GET' && status) {
      if (!bearer(req)) return send(res, 401, { code: 100, message: 'unauthorized' });
      const inv = invoices.get(decodeURIComponent(status[1]));
      if (!inv || inv.status === 'NEW' || inv.status === '3DS') return send(res, 200, { resultCode: '102', resultMessage: 'Transaction not found' });
      return send(res, 200, {
        resultCode: '100',
        resultMessage: 'SUCCESS',
        transaction: {
          id: inv.txId,
          createdDate: new Date(inv.createdAt).toISOString(),
          invoiceID: inv.invoiceId,
          amount: inv.amount,
          amountBonus: 0,
          payoutAmount: inv.amount - (inv.refunded ?? 0),
          orgAmount: inv.amount,
          approvalCode: inv.approvalCode ?? '',
          currency: inv.currency,
          terminal: inv.terminal,
          description: inv.description ?? '',
          language: inv.language ?? 'rus',
          cardMask: inv.cardMask ?? '',
          reference: inv.reference ?? '',
          secure: !!inv.secure,
          statusName: inv.status,
          reason: inv.reason ?? '',
          reasonCode: inv.reasonCode ?? 0,
        },
      });
    }
    const refund = /^\/operation\/([^/]+)\/refund$/.exec(p);
    if (req.method === 'POST' && refund) {
      if (!bearer(req)) return send(res, 401, { code: 100, message: 'unauthorized' });
      const inv = [...invoices.values()].find((i) => i.txId === refund[1]);
      if (!inv || (inv.status !== 'CHARGE' && inv.status !== 'REFUND')) return send(res, 400, { code: 100, message: 'a refund needs a charged transaction' });
      const left = inv.amount - (inv.refunded ?? 0);
      const amount = url.searchParams.has('amount') ? Number(url.searchParams.get('amount')) : left;
      if (!(amount >= 10) || amount > left) return send(res, 400, { code: 100, message: 'bad refund amount (at least 10 tenge, at most what is left)' });
      const ext = url.searchParams.get('externalID') ?? '';
      inv.refunds ??= new Map();
      if (ext && inv.refunds.has(ext)) return send(res, 200, {});
      if (ext) inv.refunds.set(ext, amount);
      inv.refunded = (inv.refunded ?? 0) + amount;
      if (inv.refunded >= inv.amount) inv.status = 'REFUND';
      log(`[fake-epay] ${inv.invoiceId}: refunded ${amount}`);
      return send(res, 200, {});
    }
    if (req.method === 'POST' && p === '/_fake/control') {
      const f = parseForm(await readBody(req), req.headers['content-type']);
      if (['normal', 'drop', 'twice', 'late'].includes(f.notify)) control.notify = f.notify;
      if (Number(f.delayMs) >= 0) control.delayMs = Number(f.delayMs);
      return send(res, 200, control);
    }
    const again = /^\/_fake\/notify\/(\d{6,15})$/.exec(p);
    if (req.method === 'POST' && again) {
      const inv = invoices.get(again[1]);
      if (!inv || (inv.status !== 'CHARGE' && inv.status !== 'FAILED')) return send(res, 404, { code: 100, message: 'nothing to notify' });
      await postOnce(inv);
      return send(res, 200, { notified: inv.notified });
    }
    return send(res, 404, { code: 100, message: 'not found' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) send(res, 400, { code: 100, message: err.message });
      else res.end();
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const addr = server.address();
  base = `http://${host}:${addr.port}`;
  log(`[fake-epay] listening on ${base}`);
  return {
    url: base,
    credentials,
    invoices,
    control,
    /** The postLink body of an invoice as it stands (the kill -9 check sends it itself). */
    notificationOf: (invoiceId) => notification(invoices.get(invoiceId)),
    /** The settings lib/payments reads (lib/env.ts): point them at this fake. */
    env: { EPAY_CLIENT_ID: credentials.clientId, EPAY_CLIENT_SECRET: credentials.clientSecret, EPAY_TERMINAL_ID: credentials.terminal, EPAY_OAUTH_URL: `${base}/oauth2/token`, EPAY_API_URL: base, EPAY_PAGE_URL: base, EPAY_FAKE: 'true' },
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
