import type { AuditChange } from '@/lib/audit/actions';

function show(v: unknown, labels: { yes: string; no: string; none: string }): string {
  if (v === null || v === undefined || v === '') return labels.none;
  if (typeof v === 'boolean') return v ? labels.yes : labels.no;
  if (Array.isArray(v)) return v.length ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ') : labels.none;
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
}

/** Before → after of the keys that changed, as a definition list (readable aloud: "scopes: Sales → Sales, Admin"). */
export function AuditChanges({ changes, labels }: { changes: AuditChange[]; labels: { yes: string; no: string; none: string; added: string; removed: string } }) {
  if (!changes.length) return <span className="text-muted">{labels.none}</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {changes.map((c) => (
        <div key={c.key} className="break-words">
          <dt className="inline font-medium">{c.key}: </dt>
          <dd className="inline">
            {c.kind === 'changed' && (
              <>
                <del className="text-muted">{show(c.before, labels)}</del> → <ins className="no-underline">{show(c.after, labels)}</ins>
              </>
            )}
            {c.kind === 'added' && <ins className="no-underline">{show(c.after, labels)}</ins>}
            {c.kind === 'removed' && (
              <>
                <del className="text-muted">{show(c.before, labels)}</del> <span className="text-muted">({labels.removed})</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
