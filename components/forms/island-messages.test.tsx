// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ru from '@/messages/ru.json';
import { LocaleProvider } from '@/i18n/navigation';
import { pickKeys } from '@/lib/i18n/pick';
import { leadFormSchema } from '@/lib/validations/lead';
import { ISLAND_MESSAGES } from './island-messages';
import LeadForm from './lead-form';

const picked = pickKeys(ru, ISLAND_MESSAGES);

describe("the islands' messages every page carries", () => {
  it("hold every LeadForm key the form reads in the browser", () => {
    const source = fs.readFileSync(path.join(__dirname, 'lead-form.tsx'), 'utf8');
    const used = [...source.matchAll(/\bt\('([A-Za-z]+)'/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(10);
    for (const key of used) expect(ISLAND_MESSAGES.LeadForm, key).toContain(key);
  });

  it("hold every Validation key leadFormSchema can answer with", () => {
    const keys = new Set<string>();
    for (const value of [{}, { name: '', phone: '' }, { name: 'x'.repeat(81), phone: '123' }, { name: '1', phone: '+7 912 123 45 67' }]) {
      const r = leadFormSchema.safeParse(value);
      for (const issue of r.error?.issues ?? []) keys.add(issue.message);
    }
    expect([...keys].sort()).toEqual(expect.arrayContaining(['name_invalid', 'phone_invalid', 'phone_not_kz', 'required', 'too_long']));
    for (const key of keys) expect(ISLAND_MESSAGES.Validation, key).toContain(key);
    const all = fs.readFileSync(path.join(process.cwd(), 'lib/validations/lead.ts'), 'utf8');
    const schema = all.slice(0, all.indexOf('export const LEAD_KINDS'));
    for (const m of schema.matchAll(/'([a-z_]+)'\)|error: '([a-z_]+)'|message: [^']*'([a-z_]+)' : '([a-z_]+)'/g)) {
      for (const key of m.slice(1).filter(Boolean)) expect(ISLAND_MESSAGES.Validation, key).toContain(key);
    }
  });

  it('are enough for the lead form under the document alone', async () => {
    render(
      <LocaleProvider locale="ru" messages={picked}>
        <LeadForm kind="feedback" page="/student" />
      </LocaleProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: ru.LeadForm.submit }));
    await waitFor(() => expect(screen.getAllByText(ru.Validation.required)).toHaveLength(2));
    expect(screen.getByPlaceholderText(ru.LeadForm.namePlaceholder)).toBeTruthy();
  });
});
