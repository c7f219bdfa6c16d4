import { describe, expect, it } from 'vitest';
import { auditActionKey, auditChanges } from './actions';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';
import { AUDIT_ACTIONS } from './actions';

describe('audit log: readable changes and action names', () => {
  it('shows only the keys that changed; a new record shows what it got', () => {
    expect(auditChanges({ scopes: ['sales'], onDuty: true, name: 'A' }, { scopes: ['sales', 'reviewer'], onDuty: true, name: 'A' })).toEqual([
      { key: 'scopes', before: ['sales'], after: ['sales', 'reviewer'], kind: 'changed' },
    ]);
    expect(auditChanges(null, { email: 'a@b.kz' })).toEqual([{ key: 'email', after: 'a@b.kz', kind: 'added' }]);
    expect(auditChanges({ note: 'x' }, {})).toEqual([{ key: 'note', before: 'x', kind: 'removed' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('every known action has a human name in the three languages', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const m of [ru, kk, en]) expect((m.Admin.auditActions as Record<string, string>)[auditActionKey(action)], action).toBeTruthy();
    }
  });
});
