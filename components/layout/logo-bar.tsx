import Image from '@/components/ui/image';
import { Link } from '@/i18n/navigation';
import { localeLabels } from './locale-labels';
import { LocaleSwitcher } from './locale-switcher';

const BARS = {
  /** The sign-in and reset pages: the page's banner. */
  auth: { tag: 'header', row: 'mx-auto flex h-16 max-w-header items-center justify-between gap-4 px-4 md:px-6', logo: { width: 132, height: 32 } },
  /** The registration flows: lower on a phone. */
  registration: { tag: 'div', row: 'mx-auto flex h-14 max-w-header items-center justify-between gap-4 px-4 md:h-16 md:px-6', logo: { width: 116, height: 28 } },
} as const;

/** The account pages' only chrome: the logo (a link home, named `homeLabel`) and the language switch. */
export async function LogoBar({ variant, homeLabel }: { variant: keyof typeof BARS; homeLabel: string }) {
  const labels = await localeLabels();
  const { tag: Tag, row, logo } = BARS[variant];
  return (
    <Tag className="border-b border-line/70 bg-white">
      <div className={row}>
        <Link href="/" className="flex shrink-0 items-center rounded-lg" aria-label={homeLabel}>
          <Image src="/images/logo.svg" alt="" width={logo.width} height={logo.height} priority unoptimized />
        </Link>
        <LocaleSwitcher labels={labels} />
      </div>
    </Tag>
  );
}
