import { describe, expect, it } from 'vitest';
import { EpayProvider, lastFour, redact } from './epay';

const provider = new EpayProvider({ clientId: 'c', clientSecret: 'secret-123', terminal: 't', oauthUrl: 'http://127.0.0.1:9/oauth2/token', apiUrl: 'http://127.0.0.1:9', pageUrl: 'http://127.0.0.1:9', fake: true });

describe('the ePay adapter reading a postLink', () => {
  const body = { id: 'tx-1', invoiceId: '100000042', amount: 82080, currency: 'KZT', terminal: 't', code: 'ok', reason: 'success', reasonCode: 0, cardMask: '552204...6736', cardId: 'card-uuid', name: 'AIGUL S', email: 'a@b.kz', phone: '77011234567', secret_hash: 'the-secret', reference: '123' };

  it('reads the outcome, the amount in tiyn and the secret, and keeps no card or payer data', () => {
    const n = provider.parseNotification(body)!;
    expect(n).toMatchObject({ invoiceId: '100000042', event: 'ok', outcome: 'paid', secret: 'the-secret', providerPaymentId: 'tx-1', amountTiyn: 8_208_000, currency: 'KZT' });
    expect(n.payload).toEqual({ id: 'tx-1', invoiceId: '100000042', amount: 82080, currency: 'KZT', terminal: 't', code: 'ok', reason: 'success', reasonCode: 0, reference: '123', card: '…6736' });
    expect(JSON.stringify(n.payload)).not.toMatch(/552204|card-uuid|AIGUL|a@b\.kz|77011234567|the-secret/);
  });

  it('a failure is an event of its own per reason code; a body without an invoice is not a notification', () => {
    expect(provider.parseNotification({ ...body, code: 'error', reasonCode: 2092 })).toMatchObject({ outcome: 'declined', event: 'error:2092' });
    expect(provider.parseNotification({ ...body, invoiceId: 'abc' })).toBeNull();
    expect(provider.parseNotification({ code: 'ok' })).toBeNull();
    expect(provider.parseNotification(null)).toBeNull();
    expect(provider.parseNotification({ ...body, amount: '820.5' })!.amountTiyn).toBe(82_050);
  });

  it('cuts any masked number to its last four digits', () => {
    expect(lastFour('440563...5096')).toBe('…5096');
    expect(lastFour('4405-63XX-XXXX-5096')).toBe('…5096');
    expect(lastFour('')).toBeNull();
    expect(redact({ cardMask: '4405639704015096', nested: { a: 1 }, ok: true })).toEqual({ ok: true, card: '…5096' });
  });

  it('a provider that cannot be reached is a ProviderError (the job retries), never a crash', async () => {
    await expect(provider.queryStatus('100000042')).rejects.toMatchObject({ name: 'ProviderError' });
  });
});
