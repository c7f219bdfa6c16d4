import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The front door stays a front door, the map stays whole, and the links between the pages work
// (README.md, "Where to go next"; docs/architecture.md, "Code map").
const root = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const docs = fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);

/** The text of a `## Title` section, up to the next heading of the same or a higher level. */
function section(markdown: string, title: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^#{1,6} /.test(l) && l.replace(/^#+ /, '') === title);
  if (start < 0) return '';
  const level = lines[start]!.match(/^#+/)![0].length;
  const end = lines.findIndex((l, i) => i > start && new RegExp(`^#{1,${level}} `).test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** GitHub's anchor of a heading (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of markdown.replace(/```[\s\S]*?```/g, '').split('\n')) {
    const m = line.match(/^#{1,6} (.*)$/);
    if (!m) continue;
    const base = slug(m[1]!.trim());
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

describe('README.md, the front door', () => {
  const readme = read('README.md');

  it('stays short (at most 130 lines)', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(130);
  });

  it('keeps the quick start to the two commands: npm start and npm test', () => {
    const block = section(readme, 'Quick start').match(/```bash\n([\s\S]*?)```/);
    expect(block, 'a ```bash block under "## Quick start"').not.toBeNull();
    const commands = block![1]!
      .split('\n')
      .map((l) => l.replace(/#.*$/, '').trim())
      .filter(Boolean);
    expect(commands).toEqual(['npm start', 'npm test']);
  });

  it('states the 20-minute budget of npm test and where its times and retries are printed', () => {
    const quick = section(readme, 'Quick start');
    expect(quick).toMatch(/budget of `npm test` is \*\*20 minutes\*\*/);
    expect(quick).toContain('.test-times.json');
    expect(quick).toMatch(/retry/);
  });

  it('links every page of docs/', () => {
    for (const doc of docs) expect(readme, doc).toContain(`(${doc}`);
  });
});

describe('docs/architecture.md, the code map', () => {
  const map = section(read('docs/architecture.md'), 'Code map');

  it('names every folder directly under lib/', () => {
    const folders = fs
      .readdirSync(path.join(root, 'lib'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `lib/${d.name}/`);
    expect(folders.length).toBeGreaterThan(0);
    const missing = folders.filter((f) => !map.includes(`\`${f}\``));
    expect(missing, 'add a line for each to the code map of docs/architecture.md').toEqual([]);
  });

  it('names no lib/ folder that is gone', () => {
    const named = [...map.matchAll(/`(lib\/[\w-]+)\/`/g)].map((m) => m[1]!);
    const gone = named.filter((f) => !fs.existsSync(path.join(root, f)));
    expect(gone).toEqual([]);
  });
});

describe('links between README.md and docs/', () => {
  it('point at files that exist, and at headings that exist', () => {
    const broken: string[] = [];
    for (const file of ['README.md', ...docs]) {
      const text = read(file).replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [rel, hash] = target!.split('#') as [string, string | undefined];
        const dest = rel ? path.join(path.dirname(file), rel) : file;
        if (!fs.existsSync(path.join(root, dest))) {
          broken.push(`${file}: ${target}`);
          continue;
        }
        if (hash && dest.endsWith('.md') && !anchors(read(dest)).has(hash)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
