/** A progress bar with its words: the bar for the eye, the label for everyone (role="progressbar"). */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const share = max ? Math.round((value / max) * 100) : 0;
  return (
    <div className="mt-2">
      <div role="progressbar" aria-valuemin={0} aria-valuemax={max} aria-valuenow={value} aria-valuetext={label} aria-label={label} className="h-2 w-full overflow-hidden rounded-full bg-line">
        <div className="h-full rounded-full bg-mint transition-[width]" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-1 text-xs text-muted">{label}</p>
    </div>
  );
}
