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
        <li key={item.key} className="feature-card">
          <Image src={`/images/icons/${item.icon}.svg`} alt="" width={64} height={64} unoptimized className="feature-icon" />
          <div>
            <h3 className="feature-title">{item.title}</h3>
            <p className="feature-text">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
