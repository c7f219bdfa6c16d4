import 'server-only';
import { and, desc, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { users } from '@/lib/db/schema';
import { likeEscape } from '@/lib/db/like';
import type { Db } from '@/lib/db/types';
import { auditListView, type Actor } from '@/lib/audit/log';
import { maskPhone } from '@/lib/mask';
import type { AccountsQuery } from '@/lib/validations/accounts-admin';

export interface AccountRow {
  id: number;
  role: 'student' | 'tutor';
  name: string;
  /** Masked: the whole number is on the account's page, whose every view is audit-logged. */
  phone: string;
  email: string | null;
  locale: string;
  createdAt: Date;
  blocked: boolean;
}

/**
 * One search word: a name part or an e-mail (case-insensitive), or, when it holds three digits or
 * more, a phone in any format ("8 701 123", "+7 (701) 123-45-67", "7011234567").
 */
function wordCondition(word: string): SQL {
  const like = `%${likeEscape(word)}%`;
  const text = [ilike(users.name, like), ilike(users.lastname, like), ilike(users.secondname, like), ilike(users.email, like)];
  const digits = word.replace(/\D/g, '');
  if (digits.length < 3 || /[^\d\s()+\-.]/.test(word)) return or(...text)!;
  const forms = new Set([digits]);
  // "8 701…" is the domestic form of "+7 701…".
  if (digits.startsWith('8')) forms.add(`7${digits.slice(1)}`);
  return or(...[...forms].map((d) => sql`${users.phone} like ${`%${d}%`}`))!;
}

/** Splits a search into words, except that a phone typed with spaces stays one word. */
function searchWords(q: string): string[] {
  if (/^[\d\s()+\-.]+$/.test(q)) return [q];
  return q.split(/\s+/).filter(Boolean).slice(0, 5);
}

export function accountsWhere(f: AccountsQuery): SQL | undefined {
  const where: SQL[] = [];
  if (f.q) for (const w of searchWords(f.q)) where.push(wordCondition(w));
  if (f.role) where.push(sql`${users.role} = ${f.role}`);
  if (f.blocked === 'yes') where.push(isNotNull(users.blockedAt));
  if (f.blocked === 'no') where.push(isNull(users.blockedAt));
  if (f.from) where.push(gte(users.createdAt, f.from));
  if (f.to) where.push(lt(users.createdAt, f.to));
  return where.length ? and(...where) : undefined;
}

/** Students and tutors, newest first, searched and filtered on the server, a page at a time. */
export async function listAccounts(db: Db, f: AccountsQuery) {
  const cond = accountsWhere(f);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        role: users.role,
        name: users.name,
        lastname: users.lastname,
        phone: users.phone,
        email: users.email,
        locale: users.locale,
        createdAt: users.createdAt,
        blockedAt: users.blockedAt,
      })
      .from(users)
      .where(cond)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(cond),
  ]);
  const out: AccountRow[] = rows.map((r) => ({
    id: r.id,
    role: r.role,
    name: `${r.lastname} ${r.name}`.trim(),
    phone: maskPhone(r.phone),
    email: r.email,
    locale: r.locale,
    createdAt: r.createdAt,
    blocked: !!r.blockedAt,
  }));
  return { rows: out, total: count?.n ?? 0, page: f.page, pageSize: f.pageSize };
}

/** The list as staff see it (names, masked phones): one `account.list` audit row. */
export async function viewAccounts(db: Db, actor: Actor, f: AccountsQuery) {
  const list = await listAccounts(db, f);
  await auditListView(db, actor, { action: 'account.list', entity: 'account', filter: f, total: list.total });
  return list;
}
