import Image from '@/components/ui/image';

export interface Feature {
  key: string;
  icon: string;
  title: string;
  text: string;
}

const columns = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
  5: 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5',
} as const;

/** Cards of an icon (decorative), a title and a line of text. */
export function FeatureGrid({ items, cols = 4 }: { items: Feature[]; cols?: keyof typeof columns }) {
  return (
    <ul className={`grid gap-4 md:gap-6 ${columns[cols]}`}>
      {items.map((item) => (
        <li key={item.key} className="flex gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm sm:block sm:p-6">
          <Image src={`/images/icons/${item.icon}.svg`} alt="" width={64} height={64} unoptimized className="size-12 shrink-0 sm:size-16" />
          <div>
            <h3 className="text-lg font-semibold sm:mt-4">{item.title}</h3>
            <p className="mt-1 text-muted sm:mt-2">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
