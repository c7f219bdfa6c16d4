import 'server-only';
// The payout register's download (GET …/payouts/[month]/export.csv|xlsx): the header row in the page's language.
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import type { Locale } from '@/i18n/routing';
import { translatorFor } from '@/lib/i18n/translate';
import type { StaffContext } from '@/lib/staff/http';
import { monthParam } from '@/lib/validations/finance';
import { BANK_FILE_COLUMNS, bankCsv, bankFileResponse, bankXlsx, type BankFileColumn } from './bank-file';
import { exportRegister } from './payouts';
import { payoutAccounts } from './payout-details';

const langQuery = z.object({ lang: z.enum(['ru', 'kk', 'en'], { error: 'invalid_value' }).optional() });

export async function payoutBankFile(ctx: StaffContext, format: 'csv' | 'xlsx'): Promise<Response> {
  const month = monthParam.safeParse(ctx.params.month);
  if (!month.success) throw new ApiError(404, 'not_found');
  const locale: Locale = ctx.query(langQuery).lang ?? ctx.locale;
  const { lines } = await exportRegister(ctx.db, ctx.actor, month.data, format);
  const t = translatorFor(locale, 'Admin');
  const header = Object.fromEntries(BANK_FILE_COLUMNS.map((c) => [c, t(`payouts.file.${c}`)])) as Record<BankFileColumn, string>;
  const purpose = (m: string) => t('payouts.file.purposeText', { month: m });
  const accounts = await payoutAccounts(ctx.db, lines.map((l) => l.tutorId));
  const body = format === 'csv' ? bankCsv(month.data, lines, accounts, header, purpose) : await bankXlsx(month.data, lines, accounts, header, purpose);
  return bankFileResponse(body, format, month.data);
}
