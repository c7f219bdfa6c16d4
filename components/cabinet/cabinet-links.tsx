import { Link } from '@/i18n/navigation';

export interface CabinetLink {
  href: string;
  label: string;
  text: string;
}

/**
 * A block of the cabinet's ways elsewhere (a student's self-study, the word trainer and chat help; a
 * tutor's chat duty and the library): tiles of a title and a line. No client code of its own.
 */
export function CabinetLinks({ id, title, links }: { id: string; title: string; links: CabinetLink[] }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-8 rounded-2xl border border-line p-5" data-testid={id}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className="block min-h-11 rounded-xl bg-brand-tint p-4 hover:bg-[#d5ecff]">
              <span className="font-semibold text-brand-dark">{l.label}</span>
              <span className="mt-1 block text-sm text-ink">{l.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
