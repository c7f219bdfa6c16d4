import { secondaryClass } from '@/components/ui/button-classes';

/** The two states every "open the mailed link" page shares: checking it, and a failure to retry. */
export function CheckingLine({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-3 text-muted">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-line border-t-brand-dark" />
      {text}
    </p>
  );
}

export function FailedRetry({ text, retry, onRetry }: { text: string; retry: string; onRetry: () => void }) {
  return (
    <div>
      <p className="text-danger">{text}</p>
      <button type="button" onClick={onRetry} className={`mt-5 ${secondaryClass}`}>
        {retry}
      </button>
    </div>
  );
}
