import 'server-only';
import { cache } from 'react';
import { getDb } from '@/lib/db/client';
import { findCompany, type CompanyRef } from '@/lib/quiz/attempts';
import { companySlugField } from '@/lib/validations/tests';

/** The company a path names, or null (malformed or unknown); one query per request. */
export const companyFromParam = cache(async (param: string): Promise<CompanyRef | null> => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(param);
  } catch {
    return null;
  }
  const slug = companySlugField.safeParse(decoded.toLowerCase());
  if (!slug.success) return null;
  return findCompany(await getDb(), slug.data);
});
