import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/public-env';
import type { QrSvg } from '@/lib/qr';

/** wa.me wants the number as digits only, with the country code. */
export const whatsappUrl = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

/**
 * The support fallback of the reset flow: a WhatsApp QR code and the contacts. The page encodes the
 * QR code on the server (lib/qr.ts, `qrSvg(whatsappUrl(phone))`); this draws it as inline SVG.
 */
export async function SupportContacts({ qr }: { qr: QrSvg }) {
  const t = await getTranslations('Reset');
  const phone = publicEnv.NEXT_PUBLIC_SUPPORT_PHONE;
  const email = publicEnv.NEXT_PUBLIC_SUPPORT_EMAIL;
  const whatsapp = whatsappUrl(phone);
  const side = qr.side;
  const linkClass =
    'flex flex-col gap-0.5 rounded-xl border border-line px-4 py-3 transition-colors duration-150 hover:border-brand-dark hover:bg-brand-tint sm:flex-row sm:items-center sm:justify-between sm:gap-3';
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted">{t('qrPrepare')}</p>
      <figure className="flex flex-col items-center gap-3">
        <svg
          role="img"
          aria-label={t('qrLabel')}
          data-qr-text={qr.text}
          viewBox={`0 0 ${side} ${side}`}
          width={Math.min(240, side * 6)}
          height={Math.min(240, side * 6)}
          shapeRendering="crispEdges"
          className="h-auto max-w-full rounded-lg border border-line"
        >
          <rect width={side} height={side} fill="#fff" />
          <path d={qr.path} fill="#1d1c26" />
        </svg>
        <figcaption className="max-w-xs text-center text-sm text-muted">{t('qrCaption')}</figcaption>
      </figure>
      <section aria-labelledby="support-contacts">
        <h2 id="support-contacts" className="mb-3 text-lg font-bold">
          {t('qrContacts')}
        </h2>
        <ul className="grid gap-2">
          <li>
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
              <span className="font-medium text-ink">{t('call')}</span>
              <span className="text-muted">{phone}</span>
            </a>
          </li>
          <li>
            <a href={`mailto:${email}`} className={linkClass}>
              <span className="font-medium text-ink">{t('write')}</span>
              <span className="break-all text-muted">{email}</span>
            </a>
          </li>
          <li>
            <a href={whatsapp} target="_blank" rel="noopener" className={linkClass}>
              <span className="font-medium text-ink">{t('whatsapp')}</span>
              <span className="text-muted">wa.me/{whatsapp.split('/').pop()}</span>
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
